import SwiftUI

// Compteur de touches, écrit en Latin-1
struct CounterView: View {
    var body: some View { Text("Compteur") }
}
