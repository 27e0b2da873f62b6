import TutorialReaders

/// `--encoding NAME`: how `outline`, `lint`, `diff` and `report` read a document whose bytes are not UTF-8
/// and declare no encoding (a Markdown page saved as GBK or Windows-1252, which is refused otherwise).
/// Documents in valid UTF-8 are read as UTF-8 whatever the name.
enum EncodingOption {
    static let spec = OptionSpec(
        name: "encoding", values: [],
        help: "read documents whose bytes are not UTF-8 (and declare no encoding) in this one: any name iconv knows (windows-1252, gbk, shift_jis, euc-kr)")

    /// What a refusal of bytes that are not UTF-8 adds, so that the user hears of the option where it helps.
    static func hint(forReason reason: String) -> String {
        reason.hasPrefix("is not valid UTF-8") ? " (or name its encoding: --encoding NAME)" : ""
    }

    /// The encoding named, nil when none; a name iconv does not know is a usage error, said on stderr.
    static func value(_ parsed: ParsedArguments) throws(CommandExit) -> String? {
        guard let name = parsed.value("encoding") else { return nil }
        guard UTF8Text.knowsEncoding(name) else {
            writeError("unknown encoding '\(name)': the C library's iconv cannot read it")
            throw CommandExit(code: .usageOrInput)
        }
        return name
    }
}
