#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif
import TutorialModel
import TutorialRules

/// `tutorial-check lint --format junit`: JUnit XML as CI servers read it (GitLab's test reports,
/// Jenkins), in the shape of the Apache Ant JUnit schema: one `<testsuite>` per document, one failing
/// `<testcase>` per finding at error or warning level (its rule as the failure type), and a passing
/// test case for a document without such findings. Information and hints, which fail nothing, are
/// listed in the suite's `<system-out>`.
public func renderLintJUnit(_ documents: [LintedDocument], timestamp: Date, hostname: String) -> String {
    let stamp = junitTimestamp(timestamp)
    let host = hostname.isEmpty ? "localhost" : hostname
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
    for (index, document) in documents.enumerated() {
        let failing = document.findings.filter { $0.severity == .error || $0.severity == .warning }
        let quiet = document.findings.filter { $0.severity == .information || $0.severity == .hint }
        xml +=
            "  <testsuite package=\"tutorial-check\" id=\"\(index)\" name=\"\(xmlEscaped(document.path))\" "
            + "timestamp=\"\(stamp)\" hostname=\"\(xmlEscaped(host))\" tests=\"\(max(failing.count, 1))\" "
            + "failures=\"\(failing.count)\" errors=\"0\" time=\"0\">\n    <properties/>\n"
        if failing.isEmpty {
            xml +=
                "    <testcase name=\"no errors or warnings\" classname=\"\(xmlEscaped(document.path))\" time=\"0\"/>\n"
        }
        for finding in failing {
            let start = document.lineIndex.lineColumn(of: finding.range.start)
            let line = compilerStyleLine(finding, in: document)
            xml +=
                "    <testcase name=\"\(xmlEscaped("\(finding.rule) at \(start.line):\(start.column)"))\" "
                + "classname=\"\(xmlEscaped(document.path))\" time=\"0\">\n"
                + "      <failure message=\"\(xmlEscaped("\(finding.severity.rawValue): \(finding.message)"))\" "
                + "type=\"\(xmlEscaped(finding.rule))\">\(xmlEscaped(line))</failure>\n    </testcase>\n"
        }
        let notes = quiet.map { compilerStyleLine($0, in: document) + "\n" }.joined()
        xml += "    <system-out>\(xmlEscaped(notes))</system-out>\n    <system-err/>\n  </testsuite>\n"
    }
    return xml + "</testsuites>\n"
}

/// Text for an XML attribute or element: markup escaped as for HTML, and characters XML 1.0 cannot
/// carry at all (most C0 controls, which a broken tutorial may contain) replaced by U+FFFD.
func xmlEscaped(_ text: String) -> String {
    var legal = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        let allowed = scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r"
        legal.append(allowed && scalar.value != 0xFFFE && scalar.value != 0xFFFF ? scalar : "\u{FFFD}")
    }
    return htmlEscaped(String(legal))
}

/// `yyyy-MM-dd'T'HH:mm:ss` in UTC, as the POSIX-locale `DateFormatter` wrote it (which lives in
/// libFoundation.so with ICU): the whole seconds of the time, from the C library's calendar.
func junitTimestamp(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func digits(_ value: Int32, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2) + "T"
        + digits(parts.tm_hour, 2) + ":" + digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2)
}
