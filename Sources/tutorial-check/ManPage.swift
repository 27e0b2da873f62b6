#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import TutorialModel

/// `tutorial-check manpage`: the man page (roff, `man 7 man` macros) written from the same command
/// descriptions as `--help`; docs/tutorial-check.1 is its output, checked for staleness by the tests.
func renderManPage(_ commands: [CommandHelp], version: String) -> String {
    var page = """
        .TH TUTORIAL-CHECK 1 "" "tutorial-check \(version)" "User Commands"
        .SH NAME
        tutorial-check \\- check step-by-step programming tutorials
        .SH SYNOPSIS
        .B tutorial-check
        .I command
        .RI [ options ]
        .IR PATH \\&...
        .SH DESCRIPTION
        tutorial-check reads tutorials (Markdown, HTML, DocC .tutorial files with their code resources,
        and plain text), finds their sections, steps and code snippets, follows each file from step to
        step, and checks every state of every file against the rules of
        .BR "tutorial-check rules" .
        A problem still present at the end is reported at the step that introduced it; one a later step
        fixes is reported as information, with the step that resolved it.
        Directories are walked recursively for .md, .markdown, .html, .htm, .tutorial and .txt files.
        .SH COMMANDS

        """
    for command in commands {
        page += ".SS \"tutorial-check \(roffQuoted(command.invocation))\"\n"
        page += roffText(sentence(command.summary)) + "\n"
        for option in command.allOptions {
            page += ".TP\n.B \\-\\-\(roffText(option.name))"
            if let values = option.values {
                page += " " + (values.isEmpty ? "VALUE" : roffText(values.joined(separator: "|")))
            }
            page += "\n" + roffText(sentence(option.help)) + "\n"
        }
    }
    page += """
        .SH CONFIGURATION
        Each document takes the nearest
        .I .tutorial\\-check.json
        found by walking up from it: rules on or off and their severity per id, file globs to exclude, and
        the address of the rule documentation that editors link to.
        It is JSON with comments (// and /* */, and a comma before } or ]).
        .B "tutorial-check init"
        writes one with every setting at its default, and
        .B "tutorial-check rules"
        shows which rules are on in the current folder.
        In a document, <!\\-\\- tutorial\\-check\\-disable rule\\-id \\-\\-> ... \\-enable,
        <!\\-\\- tutorial\\-check\\-disable\\-next\\-step rule\\-id \\-\\->, and in code
        // tutorial\\-check:disable\\-line rule\\-id silence a rule.
        .SH EXIT STATUS
        .TP
        .B 0
        No finding at error level (warnings too with \\-\\-strict).
        .TP
        .B 1
        Findings at error level (or warnings with \\-\\-strict).
        .TP
        .B 2
        A usage or input error (a missing file, unreadable input), with one line on standard error; also a
        review site written without some of its pages (each named on standard error).
        .SH SEE ALSO
        .BR "tutorial-check explain" " RULE-ID"
        and docs/rules.md in the project's repository.

        """
    return page
}

/// A help line as a sentence in the man page: capitalised, with a full stop.
private func sentence(_ text: String) -> String {
    guard let first = text.first else { return text }
    let capitalised = first.uppercased() + text.dropFirst()
    return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
}

/// Text safe on a roff line: backslashes and hyphens escaped, other than ASCII as `\[uXXXX]` (roff
/// reads bytes, not UTF-8), no line starting with a control character.
private func roffText(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": escaped += "\\e"
        case "-": escaped += "\\-"
        case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
        default: escaped += "\\[u" + FoundationFormat.hex(scalar.value, width: 4) + "]"
        }
    }
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
}

/// Text inside a quoted macro argument: as `roffText`, with double quotes doubled.
private func roffQuoted(_ text: String) -> String {
    roffText(text).replacingText("\"", with: "\"\"")
}
