import SwiftUI

struct CounterView: View {
    @State private var count = 0

    var body: some View {
        VStack {
            Text("\(count)")
            Button("Add one") { count += 1 }
            Button("Reset") { count = 0 }
        }
    }
}
