/// Text from a tutorial (file names, step labels, messages that quote the page) printed where a terminal
/// or a CI log reads it. A file named `a⏎::error file=README.md,line=1::PWNED⏎b.md` must not start a
/// GitHub workflow command of its own, and `ESC ]…` in a name must not drive the reader's terminal: each
/// output kind has one escaping function, applied to every name and message it prints.
///
/// Control characters (C0, DEL, C1), the line and paragraph separators and the bidirectional controls
/// (which reorder what a reader sees: "trojan source") are shown as Swift escapes (`\n`, `\u{1B}`),
/// never written raw. Code lines of a diff are the code as written and are left alone.
public enum OutputEscaping {
    /// `--format text` and `diff --format unified`: for a terminal (and the CLI's lines on stderr).
    public static func terminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) { out += visible(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `--format github`, the message of a workflow command: GitHub's own escaping (`%25`, `%0D`,
    /// `%0A`), and the other controls shown as escapes.
    static func gitHubData(_ text: String) -> String { gitHub(text, property: false) }

    /// `--format github`, a property of a workflow command (`file=`, `title=`): also `%3A` and `%2C`.
    static func gitHubProperty(_ text: String) -> String { gitHub(text, property: true) }

    private static func gitHub(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default:
                if needsEscape(scalar) { out += visible(scalar) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
