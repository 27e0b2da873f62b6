/// An `exclude` glob of `.tutorial-check.json`, compiled once when the configuration is read and matched
/// in time proportional to the path's length times the glob's, whatever the glob: `*` matches within a
/// path component, `**` across components (`**/` also nothing), `?` one character other than `/`.
///
/// The match runs the glob as a set of positions advanced together over the path (a Thompson
/// simulation), never by backtracking: `**********c` against a long path costs what `*c` costs times
/// ten, where the regular expression it used to be compiled to took seconds per document.
public struct GlobPattern: Sendable, Equatable {
    enum Token: Sendable, Equatable {
        case character(Character)
        /// `?`
        case one
        /// `*`
        case withinComponent
        /// `**`
        case acrossComponents
        /// `**/`, nothing or anything ending with `/`, as two positions: the entry, which may skip the
        /// whole (to after the body), and the body, which leaves only by a `/`.
        case foldersEntry
        case foldersBody
    }

    public let source: String
    let tokens: [Token]

    public init(_ source: String) {
        self.source = source
        var tokens: [Token] = []
        var characters = Array(source)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*" where characters.first == "*":
                characters = characters.dropFirst()
                if characters.first == "/" {
                    characters = characters.dropFirst()
                    tokens += [.foldersEntry, .foldersBody]
                } else {
                    tokens.append(.acrossComponents)
                }
            case "*": tokens.append(.withinComponent)
            case "?": tokens.append(.one)
            default: tokens.append(.character(character))
            }
        }
        self.tokens = tokens
    }

    /// Whether the whole of `path` matches.
    public func matches(_ path: String) -> Bool {
        let count = tokens.count
        var current = [Bool](repeating: false, count: count + 1)
        var next = current
        current[0] = true
        close(&current)
        for character in path {
            for index in next.indices { next[index] = false }
            for index in 0..<count where current[index] {
                switch tokens[index] {
                case .character(let expected): if character == expected { next[index + 1] = true }
                case .one: if character != "/" { next[index + 1] = true }
                case .withinComponent: if character != "/" { next[index] = true }
                case .acrossComponents: next[index] = true
                case .foldersEntry: break
                case .foldersBody:
                    next[index] = true
                    if character == "/" { next[index + 1] = true }
                }
            }
            close(&next)
            swap(&current, &next)
            if !current.contains(true) { return false }
        }
        return current[count]
    }

    /// Adds the positions reachable without a character: past each star (which may match nothing).
    private func close(_ states: inout [Bool]) {
        for index in 0..<tokens.count where states[index] {
            switch tokens[index] {
            case .withinComponent, .acrossComponents: states[index + 1] = true
            case .foldersEntry:
                states[index + 1] = true
                states[index + 2] = true
            case .character, .one, .foldersBody: break
            }
        }
    }
}
