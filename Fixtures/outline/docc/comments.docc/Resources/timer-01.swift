import SwiftUI

struct TimerView: View {
    @State private var seconds = 0

    var body: some View {
        Text("\(seconds) s")
    }
}
