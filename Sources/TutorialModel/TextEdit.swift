/// A replacement of a byte range of one text (a document, or a DocC code resource): the unit every fix
/// is made of. (LSP's own `TextEdit`, in lines and columns, is made from it where the server answers.)
public struct TextEdit: Sendable, Hashable, Codable {
    public let range: SourceRange
    public let newText: String

    public init(range: SourceRange, newText: String) {
        self.range = range
        self.newText = newText
    }

    public static func insert(_ text: String, at offset: Int) -> TextEdit {
        TextEdit(range: .empty(at: offset), newText: text)
    }
}
