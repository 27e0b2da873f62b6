import TutorialModel

/// One argument of a DocC directive: `name: "PageView.swift"`, `time: 20`, or an unlabeled value.
public struct DocCArgument: Sendable, Hashable {
    /// The label before the colon; nil for an unlabeled argument.
    public let label: String?
    /// The value with quotes removed and `\"` / `\\` escapes decoded.
    public let value: String
    /// The value as written in the document (inside the quotes for a quoted value).
    public let valueRange: SourceRange
    /// From the label (or the value when unlabeled) to the end of the value, quotes included.
    public let range: SourceRange
}

/// A directive of a DocC document (`@Step { … }`, `@Code(name: …, file: …)`), with what it contains.
public struct DocCDirective: Sendable {
    /// The name after `@` (`Step`, `Code`), case as written.
    public let name: String
    /// `@Name`.
    public let nameRange: SourceRange
    /// The arguments in the order written.
    public let arguments: [DocCArgument]
    /// From `@` to the closing `)` of the arguments (or the end of the name when there are none).
    public let headRange: SourceRange
    /// From `@` to the closing `}` of the body, or to the end of the head when there is no body.
    public let range: SourceRange
    /// The body's directives and text lines in document order; empty without a body.
    public let children: [DocCNode]

    /// The value of the argument labeled `label`.
    public func argument(_ label: String) -> DocCArgument? { arguments.first { $0.label == label } }

    /// Child directives named `name`, in document order.
    public func directives(named name: String) -> [DocCDirective] {
        children.compactMap { node in
            if case .directive(let directive) = node, directive.name == name { return directive }
            return nil
        }
    }
}

/// What a directive body holds: nested directives and lines of Markdown text.
public enum DocCNode: Sendable {
    case directive(DocCDirective)
    /// One line of text without its indentation and line terminator; an empty range is a blank line.
    case text(SourceRange)
}

/// A syntax problem met while parsing; the reader turns these into `ReaderDiagnostic`s.
public struct DocCSyntaxProblem: Sendable, Hashable {
    /// What is wrong, in one sentence.
    public let message: String
    /// The characters at fault (the unclosed directive's name, the stray `}`, the opening quote).
    public let range: SourceRange
    public let severity: Severity
}
