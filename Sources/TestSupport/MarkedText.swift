/// Text with position markers (`1️⃣`, `2️⃣`, … `↓`) taken out, and where each marker stood.
///
/// Tests write the marker where a finding, a diff range or an LSP position must land, and compare
/// against the UTF-8 offset the marker had in the text without markers.
public struct MarkedText: Sendable {
    /// The text with every marker removed.
    public let text: String
    /// UTF-8 offset of each marker in `text`, by marker.
    public let markers: [String: Int]
    /// Offsets of `↓` markers, in order (SwiftLint style: one arrow per expected finding).
    public let arrows: [Int]

    public static let numberedMarkers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]
    public static let arrow = "↓"

    public init(_ marked: String) {
        var text = ""
        var markers: [String: Int] = [:]
        var arrows: [Int] = []
        var rest = Substring(marked)
        outer: while !rest.isEmpty {
            if rest.hasPrefix(Self.arrow) {
                arrows.append(text.utf8.count)
                rest = rest.dropFirst(Self.arrow.count)
                continue
            }
            for marker in Self.numberedMarkers where rest.hasPrefix(marker) {
                markers[marker] = text.utf8.count
                rest = rest.dropFirst(marker.count)
                continue outer
            }
            text.append(rest.removeFirst())
        }
        self.text = text
        self.markers = markers
        self.arrows = arrows
    }

    /// The offset of a numbered marker; traps when the test forgot to write it.
    public subscript(marker: String) -> Int {
        guard let offset = markers[marker] else { preconditionFailure("marker \(marker) not in the text") }
        return offset
    }
}
