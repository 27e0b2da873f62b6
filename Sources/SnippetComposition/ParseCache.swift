internal import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// Trees of the code composition parses, by text: the server rebuilds a document's timelines on every
/// keystroke, and the same file states and fragments come back each time. Bounded; emptied when full.
final class ParseCache: @unchecked Sendable {
    static let shared = ParseCache()

    private let lock = NSLock()
    private var trees: [String: SourceFileSyntax] = [:]
    private var bytes = 0
    private let capacity = 8 << 20

    func tree(_ code: String) -> SourceFileSyntax {
        lock.lock()
        if let tree = trees[code] {
            lock.unlock()
            return tree
        }
        lock.unlock()
        let tree = Parser.parse(source: code)
        lock.lock()
        if bytes + code.utf8.count > capacity {
            trees.removeAll(keepingCapacity: true)
            bytes = 0
        }
        trees[code] = tree
        bytes += code.utf8.count
        lock.unlock()
        return tree
    }
}

/// The tree of `code`, parsed once while it stays in the cache.
func parsed(_ code: String) -> SourceFileSyntax { ParseCache.shared.tree(code) }
