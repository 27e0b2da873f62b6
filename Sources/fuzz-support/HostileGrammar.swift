import Foundation

/// Builds a tutorial from a fuzzer's bytes by a grammar of the shapes that once crashed or stalled the
/// pipeline (issue 22): Swift nested deep in every way SwiftParser recurses (generics, brackets,
/// closures, `try`/`await`/`any` and prefix-operator chains, postfix and member chains, function
/// types, `#if`, string interpolations, `<` in arguments), left open or closed, mixed with ordinary
/// code; around it Markdown, HTML or plain text with deep lists and quotes, many headings and many
/// tiny steps. Each byte is a choice, so libFuzzer's mutations move through shapes rather than
/// through bytes a reader rejects at once; a repetition count takes two bytes, up to a few thousand.
///
/// The text stays under `maximumBytes` (the size the adversarial-shape table goes up to), so every
/// input must be done within the fuzzer's timeout: a slow one is a finding too.
public struct HostileGrammar {
    public static let maximumBytes = 80 << 10

    private var bytes: [UInt8]
    private var position = 0
    private var output = ""

    public init(_ data: Data) { bytes = Array(data) }

    /// The document, and the extension its reader is chosen by (`md`, `html`, `txt`).
    public mutating func document() -> (text: String, fileExtension: String) {
        switch next() % 4 {
        case 0: return (html(), "html")
        case 1: return (plainText(), "txt")
        default: return (markdown(), "md")
        }
    }

    // MARK: Choices

    private var exhausted: Bool { position >= bytes.count || output.utf8.count >= Self.maximumBytes }

    private mutating func next() -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position])
    }

    /// A repetition count: usually small, sometimes thousands (two bytes), as deep nesting needs.
    private mutating func count() -> Int {
        let first = next()
        if first < 200 { return first % 8 + 1 }
        return ((first - 200) << 8 | next()) % 4_000 + 1
    }

    private mutating func pick(_ choices: [String]) -> String { choices[next() % choices.count] }

    private mutating func emit(_ text: String) {
        guard output.utf8.count < Self.maximumBytes else { return }
        output += text
    }

    // MARK: Documents

    private mutating func markdown() -> String {
        output = "# Tutorial\n\n"
        var step = 0
        while !exhausted {
            switch next() % 8 {
            case 0:  // many tiny steps at once
                for _ in 0..<count() {
                    step += 1
                    emit("## Step \(step)\n\nx\n\n")
                }
            case 1:
                emit(String(repeating: pick(["> ", "- ", "1. ", "  - ", "* > "]), count: count()) + "text\n\n")
            case 2:
                emit(String(repeating: "#", count: next() % 7 + 1) + " Heading\n\n")
            case 3:
                emit(pick(["<div>", "<details><summary>s</summary>", "<pre>", "<!--"]) + "\n\n")
            default:
                step += 1
                emit("## Step \(step)\n\nAdd the code.\n\n```swift file=\(pick(["A.swift", "B.swift"]))\n")
                swiftFile()
                emit(next() % 16 == 0 ? "\n" : "\n```\n\n")  // sometimes the fence is left open
            }
        }
        return output
    }

    private mutating func html() -> String {
        output = "<h1>Tutorial</h1>\n"
        var step = 0
        while !exhausted {
            switch next() % 6 {
            case 0:
                let depth = count()
                emit(String(repeating: pick(["<div>", "<ul><li>", "<blockquote>", "<section>"]), count: depth) + "x\n")
            case 1:
                for _ in 0..<count() {
                    step += 1
                    emit("<h2>Step \(step)</h2><p>x</p>\n")
                }
            default:
                step += 1
                emit("<h2>Step \(step)</h2>\n<p>Add the code.</p>\n<pre><code class=\"language-swift\" data-file=\"A.swift\">")
                let start = output.endIndex
                swiftFile()
                let code = String(output[start...])
                output.removeSubrange(start...)
                emit(code.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;"))
                emit("</code></pre>\n")
            }
        }
        return output
    }

    private mutating func plainText() -> String {
        output = "Tutorial\n\n"
        var step = 0
        while !exhausted {
            step += 1
            emit("Step \(step): Add the code.\n\n")
            swiftFile()
            emit("\n\n")
        }
        return output
    }

    // MARK: Swift

    private mutating func swiftFile() {
        for _ in 0..<(next() % 4 + 1) where !exhausted { statement(depth: 0) }
    }

    private mutating func statement(depth: Int) {
        guard depth < 64, !exhausted else { return emit("x\n") }
        switch next() % 12 {
        case 0: emit("let a: "); type(depth: depth); emit(" = "); expression(depth: depth); emit("\n")
        case 1: emit("func f() "); block(depth: depth)
        case 2: emit(pick(["struct", "class", "enum", "extension"]) + " S "); block(depth: depth)
        case 3: emit("#if " + pick(["DEBUG", "os(iOS)", "A && !B"]) + "\n"); statement(depth: depth + 1); emit("#endif\n")
        case 4: emit("if "); expression(depth: depth); emit(" "); block(depth: depth)
        case 5: nested(depth: depth)
        case 6: emit("var body: some View {\n"); expression(depth: depth); emit("\n}\n")
        default: expression(depth: depth); emit("\n")
        }
    }

    private mutating func block(depth: Int) {
        emit("{\n")
        if depth < 6 { statement(depth: depth + 1) }
        emit(next() % 32 == 0 ? "\n" : "}\n")
    }

    /// One construct repeated inside itself `count()` times: the openers, something inside, then the
    /// closers, all, some or none of them.
    private mutating func nested(depth: Int) {
        let shapes: [(open: String, close: String)] = [
            ("A<", ">"), ("(", ")"), ("[", "]"), ("{ ", " }"), ("try ", ""), ("await ", ""), ("any ", ""),
            ("some ", ""), ("!", ""), ("- ", ""), ("\"\\(", ")\""), ("\\(f(", "))"), ("#if A\n", "\n#endif"),
            ("f(a < b, ", ")"), ("() -> ", ""), ("", "?"), ("", ".b"), ("", "()"), ("x + ", ""), ("{ $0(", ") }"),
            ("[A: ", "]"), ("(A, ", ")"), ("A & ", ""), ("a ? b : ", ""),
        ]
        let shape = shapes[next() % shapes.count]
        let times = count()
        let closing = next() % 4  // 0: none closed, 1: half, else all
        emit("let a = ")
        for _ in 0..<times where !exhausted { emit(shape.open) }
        if depth < 4, next() % 2 == 0 { expression(depth: depth + 1) } else { emit("x") }
        let closed = closing == 0 ? 0 : closing == 1 ? times / 2 : times
        for _ in 0..<closed where !exhausted { emit(shape.close) }
        emit("\n")
    }

    private mutating func expression(depth: Int) {
        guard depth < 8, !exhausted else { return emit("x") }
        switch next() % 14 {
        case 0: emit("f("); expression(depth: depth + 1); emit(", "); expression(depth: depth + 1); emit(")")
        case 1: emit(pick(["try ", "await ", "!", "-", "&"])); expression(depth: depth + 1)
        case 2: expression(depth: depth + 1); emit(pick([" + ", " < ", " == ", " ?? ", " && "])); expression(depth: depth + 1)
        case 3: expression(depth: depth + 1); emit(pick([".b", "!", "?.c", "()", "[0]", ".map { $0 }"]))
        case 4: emit("\"s\\("); expression(depth: depth + 1); emit(")\"")
        case 5: emit("{ x in "); expression(depth: depth + 1); emit(" }")
        case 6: emit("["); expression(depth: depth + 1); emit("]")
        case 7: emit("("); expression(depth: depth + 1); emit(")")
        case 8: emit("f<"); type(depth: depth + 1); emit(">(x)")
        case 9: emit("x as "); type(depth: depth + 1)
        case 10: emit("Text(\"t\")" + String(repeating: ".padding()", count: next() % 12))
        case 11: emit("a ? "); expression(depth: depth + 1); emit(" : "); expression(depth: depth + 1)
        default: emit(pick(["x", "1", "\"s\"", "nil", "self", "[]", "#line"]))
        }
    }

    private mutating func type(depth: Int) {
        guard depth < 8, !exhausted else { return emit("Int") }
        switch next() % 10 {
        case 0: emit("A<"); type(depth: depth + 1); emit(", "); type(depth: depth + 1); emit(">")
        case 1: type(depth: depth + 1); emit(pick(["?", "!", ".B", "..."]))
        case 2: emit("["); type(depth: depth + 1); emit("]")
        case 3: emit("("); type(depth: depth + 1); emit(") -> "); type(depth: depth + 1)
        case 4: emit(pick(["any ", "some ", "inout ", "each "])); type(depth: depth + 1)
        case 5: type(depth: depth + 1); emit(" & "); type(depth: depth + 1)
        case 6: emit("["); type(depth: depth + 1); emit(": "); type(depth: depth + 1); emit("]")
        default: emit(pick(["Int", "String", "P", "Self", "View"]))
        }
    }
}
