/// The nesting scan of one state of a Swift file (`SwiftNesting`), with the scanner's state at line starts
/// about every `interval` bytes, so that the scan of the file's next state reads only what may differ.
///
/// Every snippet is scanned before it is parsed (`SwiftParseLimits`), and a tutorial's file is parsed from
/// its previous state in each step, which differs from it in one run of bytes (an inserted method, a
/// changed line): `rescan` starts at the last mark whose reading lies wholly before that run, with the
/// scanner as it was there, and stops at the first line start past the run where the scanner is as it was at
/// the same place of the previous scan, from where the previous scan read the same bytes the same way. The
/// scan's figures are maxima and counts, kept for each stretch between two marks, so that the stretches
/// not read again count as they did. `SwiftNestingTests` compares every rescan with a scan from nothing.
public struct MarkedNestingScan: Sendable {
    /// The whole snippet's nesting, as `SwiftNesting.scan` finds it.
    public let nesting: SwiftNesting
    let marks: [NestingMark]
    /// What the scan found after its last mark, the levels left open at the end included.
    let tail: SwiftNesting

    /// Marks at line starts at least this many bytes apart: a rescan reads about two stretches more than
    /// the changed run, and each mark holds a copy of the scanner's open levels.
    static let interval = 128

    init(marks: [NestingMark], tail: SwiftNesting) {
        self.marks = marks
        self.tail = tail
        nesting = marks.reduce(tail) { $0.joined(with: $1.stretch) }
    }

    /// Scans `code` from nothing, marking as it goes.
    public init(_ code: String) {
        var copy = code
        self = copy.withUTF8 { bytes in
            var scanner = Scanner()
            scanner.marking = NestingMarking(previous: [], matchFrom: Int.max, delta: 0)
            scanner.markFrom = Self.interval
            scanner.run(bytes)
            return MarkedNestingScan(marks: scanner.marking?.marks ?? [], tail: scanner.result)
        }
    }

    /// The scan of `code`, a later state of `previous`, the code this scan read.
    public func rescan(_ code: String, previous: String) -> MarkedNestingScan {
        let old = Array(previous.utf8)
        let new = Array(code.utf8)
        let (prefix, suffix) = ByteSearch.commonPrefixSuffixLength(old[...], new[...])
        if prefix == old.count, prefix == new.count { return self }
        // The last mark whose state rests only on bytes both states share.
        let restart = marks.lastIndex { $0.readUpTo <= prefix }
        return new.withUnsafeBufferPointer { bytes in
            var scanner = Scanner()
            var start = 0
            var marking = NestingMarking(
                previous: marks, matchFrom: new.count - suffix, delta: new.count - old.count)
            if let restart {
                marks[restart].state.restore(into: &scanner)
                start = marks[restart].offset
                marking.marks = Array(marks[...restart])
                marking.lastMark = start
                marking.cursor = restart + 1
            }
            scanner.marking = marking
            scanner.markFrom = min(marking.lastMark + Self.interval, marking.matchFrom)
            scanner.run(bytes, from: start)
            guard let done = scanner.marking, let matched = done.matched else {
                return MarkedNestingScan(marks: scanner.marking?.marks ?? [], tail: scanner.result)
            }
            // The previous scan's marks from the one matched on, moved with the text; the matched one's stretch
            // is what this scan read since its own last mark.
            let delta = done.delta
            var marks = done.marks
            marks.append(self.marks[matched].moved(by: delta, stretch: scanner.result))
            for mark in self.marks[(matched + 1)...] { marks.append(mark.moved(by: delta, stretch: mark.stretch)) }
            return MarkedNestingScan(marks: marks, tail: tail)
        }
    }
}

/// The scanner at one line start of a scan, and what the scan found since the mark before.
struct NestingMark: Sendable {
    let offset: Int
    /// One past the last byte the scanner's state there rests on (the line break's look ahead at what follows).
    let readUpTo: Int
    let state: ScannerState
    let stretch: SwiftNesting

    func moved(by delta: Int, stretch: SwiftNesting) -> NestingMark {
        NestingMark(offset: offset + delta, readUpTo: readUpTo + delta, state: state, stretch: stretch)
    }
}

/// What the scanner carries from one byte to the next, but for what it found.
struct ScannerState: Sendable, Equatable {
    let levels: [Level]
    let depth: Int
    let opened: [Int]
    let conditionals: Int
    let continues: Bool
    let lastSignificant: UInt8

    init(of scanner: Scanner) {
        levels = scanner.levels
        depth = scanner.depth
        opened = scanner.opened
        conditionals = scanner.conditionals
        continues = scanner.continues
        lastSignificant = scanner.lastSignificant
    }

    func restore(into scanner: inout Scanner) {
        scanner.levels = levels
        scanner.depth = depth
        scanner.opened = opened
        scanner.conditionals = conditionals
        scanner.continues = continues
        scanner.lastSignificant = lastSignificant
    }
}

/// A marking scan's own state: the marks made, and for a rescan the previous scan's marks to stop at.
struct NestingMarking: Sendable {
    var marks: [NestingMark] = []
    var lastMark = 0
    /// The previous scan's marks, the first of them at or after the line start reached (`cursor`).
    let previous: [NestingMark]
    var cursor = 0
    /// Where the bytes both states end with begin in this one (from there, a previous mark may match).
    let matchFrom: Int
    /// This state's length less the previous one's.
    let delta: Int
    /// The previous mark the scanner matched at, where it stopped.
    var matched: Int?
}

extension Scanner {
    /// At the line start `index`: stops (true) where the previous scan's mark at the same place of the
    /// shared end holds the same scanner state; otherwise marks the place if the last mark is far enough back.
    mutating func markLineStart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        // Taken out and put back, so that appending a mark copies no array.
        guard var marking = self.marking.take() else { return false }
        let state = ScannerState(of: self)
        if index >= marking.matchFrom {
            while marking.cursor < marking.previous.count, marking.previous[marking.cursor].offset + marking.delta < index {
                marking.cursor += 1
            }
            if marking.cursor < marking.previous.count, marking.previous[marking.cursor].offset + marking.delta == index,
                marking.previous[marking.cursor].state == state
            {
                marking.matched = marking.cursor
                self.marking = marking
                return true
            }
        }
        if index >= marking.lastMark + MarkedNestingScan.interval {
            var next = index
            while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0D || bytes[next] == 0x0A {
                next += 1
            }
            marking.marks.append(NestingMark(offset: index, readUpTo: next + 1, state: state, stretch: result))
            marking.lastMark = index
            result = SwiftNesting()
        }
        markFrom = index >= marking.matchFrom ? index + 1 : min(marking.lastMark + MarkedNestingScan.interval, marking.matchFrom)
        self.marking = marking
        return false
    }
}

extension SwiftNesting {
    /// The nesting of two stretches of one snippet read one after the other.
    func joined(with other: SwiftNesting) -> SwiftNesting {
        SwiftNesting(
            deepest: max(deepest, other.deepest), unclosed: unclosed + other.unclosed,
            unclosedInInterpolations: unclosedInInterpolations + other.unclosedInInterpolations,
            deepestSquare: max(deepestSquare, other.deepestSquare), deepestAngle: max(deepestAngle, other.deepestAngle))
    }
}
