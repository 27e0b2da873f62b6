import SwiftUI

struct Counter: View {
    @State private var model = CounterModel()

    var body: some View {
        Button("Count: \(model.count)") { model.increment() }
    }
}
