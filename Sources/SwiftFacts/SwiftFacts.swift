import SwiftParser
import SwiftSyntax
import TutorialModel

/// What the rules need to know about one snippet of Swift. (Placeholder until the facts land.)
public struct SwiftFacts: Sendable {
    public let sourceLength: Int

    public init(code: String) {
        let tree = Parser.parse(source: code)
        self.sourceLength = tree.totalLength.utf8Length
    }
}
