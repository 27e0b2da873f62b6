import SwiftUI

struct ModelView: View {
    var model: Model

    var body: some View {
        Text("Model")
    }
}
