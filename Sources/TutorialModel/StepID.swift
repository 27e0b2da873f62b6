/// A step's identity in the CLI and JSON contracts: `S.N`, the 1-based section index and the 1-based
/// index of the step within it, in document order.
public struct StepID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let section: Int
    public let step: Int

    public init(section: Int, step: Int) {
        self.section = section
        self.step = step
    }

    /// Parses `"2.3"`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), let step = Int(parts[1]),
            section > 0, step > 0
        else { return nil }
        self.init(section: section, step: step)
    }

    public var description: String { "\(section).\(step)" }

    public static func < (lhs: StepID, rhs: StepID) -> Bool {
        (lhs.section, lhs.step) < (rhs.section, rhs.step)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = StepID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a step id: \(text)"))
        }
        self = id
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
