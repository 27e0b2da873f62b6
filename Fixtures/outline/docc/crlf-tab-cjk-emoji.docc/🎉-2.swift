import SwiftUI

struct 页面: View {
	var body: some View { Text("页面 🎉") }
}
