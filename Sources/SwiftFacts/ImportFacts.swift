internal import SwiftSyntax
internal import TutorialModel

/// A top-level `import` (`import UIKit`, `@testable import App`, `import struct Foundation.Date` give the
/// modules `UIKit`, `App` and `Foundation`).
public struct ImportFact: Sendable, Hashable {
    public let module: String
    public let range: CodeRange

    public init(module: String, range: CodeRange) {
        self.module = module
        self.range = range
    }
}

/// The file's top-level imports, in order (an import inside `#if` is conditional: not counted).
func imports(in tree: SourceFileSyntax) -> [ImportFact] {
    tree.statements.compactMap { statement in
        guard let declaration = statement.item.as(ImportDeclSyntax.self), let module = declaration.path.first
        else { return nil }
        return ImportFact(module: module.name.text, range: declaration.codeRange)
    }
}

/// The identifier tokens of `code` whose text is one of `names`, in order, with their ranges: a name in a
/// comment or a string literal is no token. Parses `code`, so a caller asks only where a byte search has
/// found one of the names; empty for code the parser must not be given (`SwiftParseLimits`).
public func identifierTokens(named names: Set<String>, in code: String) -> [(name: String, range: CodeRange)] {
    guard !names.isEmpty, let tree = parsedSourceFile(code) else { return [] }
    return tree.tokens(viewMode: .sourceAccurate).compactMap { token in
        guard case .identifier(let text) = token.tokenKind, names.contains(text) else { return nil }
        return (text, token.codeRange)
    }
}
