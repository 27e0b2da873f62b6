import DiffSyntax

/// Caches syntax spans per distinct text for one report.
final class DiffSyntaxCache {
    private var spans: [String: [DiffSyntaxSpan]] = [:]

    func spans(for code: String) -> [DiffSyntaxSpan] {
        if let cached = spans[code] { return cached }
        let computed = swiftSyntaxSpans(code)
        spans[code] = computed
        return computed
    }
}
