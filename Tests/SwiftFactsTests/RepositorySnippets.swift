import Foundation
import TestSupport

/// The Swift code blocks of the repository's tutorials and fixtures, each file's in order, and random
/// line edits of them: the changes the splice and member-facts tests replay.
enum RepositorySnippets {
    /// Each Markdown file's ```swift blocks under Tutorials/ and Fixtures/.
    static func blocksByFile() -> [[String]] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var blocks: [[String]] = []
        for folder in ["Tutorials", "Fixtures"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "md", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                var fileBlocks: [String] = []
                var current: [String]?
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if current == nil, line.hasPrefix("```swift") {
                        current = []
                    } else if current != nil, line.hasPrefix("```") {
                        fileBlocks.append(current!.joined(separator: "\n") + "\n")
                        current = nil
                    } else if current != nil {
                        current!.append(String(line))
                    }
                }
                blocks.append(fileBlocks)
            }
        }
        return blocks
    }

    /// Calls `change` with every two consecutive blocks of a file, and with six random line edits (a line
    /// removed, repeated elsewhere or swapped with the next) of every block of three lines or more;
    /// returns the number of line edits.
    @discardableResult
    static func forEachChange(_ change: (_ old: String, _ new: String) -> Void) -> Int {
        var random = SeededGenerator(seed: 2026120331)
        var count = 0
        for fileBlocks in blocksByFile() {
            for (index, block) in fileBlocks.enumerated() {
                if index > 0 { change(fileBlocks[index - 1], block) }
                var lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                guard lines.count > 2 else { continue }
                for _ in 0..<6 where lines.count > 2 {
                    let original = lines
                    let at = Int.random(in: 0..<(lines.count - 1), using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: lines.remove(at: at)
                    case 1: lines.insert(lines[Int.random(in: 0..<lines.count, using: &random)], at: at)
                    default: lines.swapAt(at, at + 1)
                    }
                    change(original.joined(separator: "\n"), lines.joined(separator: "\n"))
                    count += 1
                }
            }
        }
        return count
    }
}
