import SwiftUI

struct TaskList {
    let titles: [String]
}

struct TaskListView: View {
    let list: TaskList

    var body: some View {
        ForEach(list.titles, id: \.self) { Text($0) }
    }
}
