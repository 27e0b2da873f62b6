import SwiftUI

@main
struct TaskApp: App {
    var body: some Scene {
        WindowGroup {
            TaskListView(list: TaskList(titles: []))
        }
    }
}
