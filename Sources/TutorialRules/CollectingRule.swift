import TutorialModel

/// A tutorial rule that reads each step on its own before it judges the tutorial, in the manner of
/// SwiftLint's `CollectingRule`: `collect` reads one step's content and nothing else, `validate` turns what
/// was collected from every step, with the whole tutorial, into findings. Both are plain functions of their
/// inputs. The engine (`runTutorialRules`) owns what `collect` returned, kept by rule and step content, so
/// that the analysis of a document's next version (a keystroke changes one step) collects again only the
/// steps whose content changed.
public protocol CollectingTutorialRule: TutorialRule {
    /// What the rule reads of one step. It holds no document range or step id: an edit before a step moves
    /// its range and may renumber it without changing what it says.
    associatedtype Collected: Sendable

    /// What the rule reads of one step's content.
    func collect(_ step: StepContent) -> Collected

    /// The findings, from what `collect` returned for each of `context.tutorial.steps`, in their order.
    func validate(_ collected: [Collected], context: TutorialContext) -> [DocumentFinding]
}

extension CollectingTutorialRule {
    /// Every step collected afresh, then validated: what the engine finds with nothing to reuse.
    public func check(_ context: TutorialContext) -> [DocumentFinding] {
        validate(context.tutorial.steps.map { collect(StepContent($0)) }, context: context)
    }
}

/// What a step says, without where it says it: the input of `CollectingTutorialRule.collect` and the key of
/// what it returned. Only the content is readable (the title, the prose, each snippet's label, language,
/// kind and code), so a collected value depends on nothing else.
///
/// Its hash is of those bytes (their ends, for long texts), computed once when it is made; two contents are
/// equal when their bytes are (`String.hasSameBytes`: a rule may read two canonically equivalent spellings
/// differently, which `==` on strings calls equal). Comparing the contents of an unchanged step costs a
/// pointer comparison per text, since a re-read document shares the unchanged steps' strings.
public struct StepContent: Sendable, Hashable {
    public let title: String
    public let prose: String
    public let snippets: [SnippetContent]
    private let contentHash: Int

    public init(_ step: Step) { self.init(step, parsed: .none) }

    /// The content of `step`, each snippet whose exact code the analysis parsed (`parsed`) marked so
    /// (`SnippetContent.isKnownWithinParseLimits`): that mark is no part of the content, only work spared.
    init(_ step: Step, parsed: ParsedSnippets) {
        title = step.title
        prose = step.prose
        snippets = step.snippets.indices.map { index in
            SnippetContent(step.snippets[index], isKnownWithinParseLimits: parsed.contains(step: step.id, index: index))
        }
        var hasher = Hasher()
        hasher.combine(bytesOf: title)
        hasher.combine(bytesOf: prose)
        hasher.combine(snippets.count)
        for snippet in snippets { snippet.hashContent(into: &hasher) }
        contentHash = hasher.finalize()
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(contentHash) }

    /// Whether this is the content of `step`: the same bytes in each text it reads, so this content and its hash
    /// are what `StepContent(step)` makes. Checking costs a pointer comparison per text where the re-read
    /// document shares the step's strings, where making the content again hashed them (the engine makes every
    /// step's content at every keystroke).
    func isContent(of step: Step) -> Bool {
        title.hasSameBytes(as: step.title) && prose.hasSameBytes(as: step.prose)
            && snippets.count == step.snippets.count
            && zip(snippets, step.snippets).allSatisfy { $0.isContent(of: $1) }
    }

    public static func == (left: StepContent, right: StepContent) -> Bool {
        left.contentHash == right.contentHash && left.title.hasSameBytes(as: right.title)
            && left.prose.hasSameBytes(as: right.prose) && left.snippets.count == right.snippets.count
            && zip(left.snippets, right.snippets).allSatisfy { $0.hasSameContent(as: $1) }
    }
}

/// What a snippet shows, without where: its label, language, kind and code.
public struct SnippetContent: Sendable {
    private let snippet: Snippet
    /// The analysis parsed this very code (it has its facts), so it is within `SwiftParseLimits`: a rule that
    /// asks the limits of the snippet need not scan it again. False says nothing. Neither hashed nor compared:
    /// two contents alike in bytes have the same answer to the limits either way.
    public let isKnownWithinParseLimits: Bool

    init(_ snippet: Snippet, isKnownWithinParseLimits: Bool = false) {
        self.snippet = snippet
        self.isKnownWithinParseLimits = isKnownWithinParseLimits
    }

    public var fileName: String? { snippet.fileName }
    public var language: String? { snippet.language }
    public var kind: SnippetKind { snippet.kind }
    public var code: String { snippet.code }

    /// Whether the snippet is Swift (`Snippet.isSwift`); with `unlabelledIsSwift`, a block that names no
    /// language and no file counts too (it may be Swift by evidence).
    public func isSwift(unlabelledIsSwift: Bool = false) -> Bool { snippet.isSwift(unlabelledIsSwift: unlabelledIsSwift) }

    fileprivate func hashContent(into hasher: inout Hasher) {
        hasher.combine(optionalBytesOf: fileName)
        hasher.combine(optionalBytesOf: language)
        hasher.combine(kind)
        hasher.combine(bytesOf: code)
    }

    /// Whether this is `snippet`'s content (as `hasSameContent`, without wrapping the snippet).
    fileprivate func isContent(of other: Snippet) -> Bool {
        kind == other.kind && sameBytes(fileName, other.fileName) && sameBytes(language, other.language)
            && code.hasSameBytes(as: other.code)
    }

    fileprivate func hasSameContent(as other: SnippetContent) -> Bool {
        kind == other.kind && sameBytes(fileName, other.fileName) && sameBytes(language, other.language)
            && code.hasSameBytes(as: other.code)
    }
}

extension Hasher {
    /// The text's UTF-8 byte count and its first and last 64 bytes (not `String`'s hash, which is of its
    /// canonical form): enough to tell most steps apart, at a cost that does not grow with the text, since
    /// every analysis of a document (each keystroke in the server) makes the content of every step. Equality
    /// still compares every byte.
    fileprivate mutating func combine(bytesOf text: String) {
        var text = text
        text.withUTF8 { bytes in
            let sampled = 64
            if bytes.count <= 2 * sampled {
                combine(bytes: UnsafeRawBufferPointer(bytes))
            } else {
                combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(sampled))))
                combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(sampled))))
            }
            combine(bytes.count)
        }
    }

    fileprivate mutating func combine(optionalBytesOf text: String?) {
        combine(text != nil)
        if let text { combine(bytesOf: text) }
    }
}

/// The snippets whose exact code an analysis parsed, by step and position in the step: the Swift facts pass
/// parsed them (a state shown whole, or a snippet in no file), so their code is within `SwiftParseLimits`.
/// The collecting rules' engine marks them in the step contents it makes, so that the limits' scan of a
/// snippet's code, which the facts pass made before parsing it, is not made again.
///
/// Asked only of the steps whose content the engine makes (at a keystroke, the edited ones), so it answers from
/// the analysis's own tables rather than from a set made of every snippet of the document.
public struct ParsedSnippets: Sendable {
    private let contains: @Sendable (StepID, Int) -> Bool

    public init(_ contains: @escaping @Sendable (_ step: StepID, _ index: Int) -> Bool) { self.contains = contains }

    public static let none = ParsedSnippets { _, _ in false }

    func contains(step: StepID, index: Int) -> Bool { contains(step, index) }
}
