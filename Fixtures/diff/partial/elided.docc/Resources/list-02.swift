import SwiftUI

struct TaskList {
    // ...
}

struct TaskListView: View {
    // ...
}

#Preview {
    TaskListView(list: TaskList(titles: ["Write", "Read"]))
}
