import SwiftUI

struct Counter: View {
    @State private var count = 0

    var body: some View {
        Text("Count: \(count)")
    }
}
