import SwiftUI

struct TimerView: View {
    @State private var seconds = 0

    var body: some View {
        VStack {
            Text("\(seconds) s")
            Button("Start") { seconds += 1 }
        }
    }
}
