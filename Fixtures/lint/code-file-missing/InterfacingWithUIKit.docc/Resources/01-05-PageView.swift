import SwiftUI

struct PageView<Page: View>: View {
    var pages: [Page]

    var body: some View {
        PageViewController(pages: pages)
    }
}

#Preview {
    PageView(pages: [Color.orange, Color.teal, Color.indigo])
}
