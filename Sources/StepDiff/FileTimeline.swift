import TutorialModel

/// One state of a file: the whole file as shown by a step's snippet.
public struct FileState: Sendable {
    public let step: StepID
    /// Index of the snippet within its step.
    public let snippetIndex: Int
    public let snippet: Snippet
    public var code: String { snippet.code }

    public init(step: StepID, snippetIndex: Int, snippet: Snippet) {
        self.step = step
        self.snippetIndex = snippetIndex
        self.snippet = snippet
    }
}

/// A file's states in step order across a tutorial.
public struct FileTimeline: Sendable {
    public let fileName: String
    public let states: [FileState]

    public init(fileName: String, states: [FileState]) {
        self.fileName = fileName
        self.states = states
    }
}

/// Groups the whole-file snippets of a tutorial by file name, in step order.
/// (First cut: named `file` snippets only; inference, `previousFile:` and `reset:` come with the diff work.)
public func buildTimelines(_ tutorial: Tutorial) -> [FileTimeline] {
    var order: [String] = []
    var states: [String: [FileState]] = [:]
    for step in tutorial.steps {
        for (index, snippet) in step.snippets.enumerated() where snippet.kind == .file {
            guard let name = snippet.fileName else { continue }
            if states[name] == nil { order.append(name) }
            states[name, default: []].append(FileState(step: step.id, snippetIndex: index, snippet: snippet))
        }
    }
    return order.map { FileTimeline(fileName: $0, states: states[$0] ?? []) }
}
