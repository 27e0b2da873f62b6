// TutorialReaders owns turning a document into the model: the Markdown, HTML, DocC and plain-text readers,
// the format sniffer, step headings, DocC resources and the input limits.

import TutorialModel

/// Reads a document into the tutorial model with the reader its format calls for.
///
/// This is the first arrow of the pipeline: bytes in, model out, no state kept between calls.
public func readTutorial(
    _ document: SourceDocument, format: DocumentFormat? = nil, resources: any ResourceProvider = NoResources()
) -> Tutorial {
    let format = format ?? FormatSniffer.format(of: document)
    // Checked here so every caller (CLI, server, bench) gets the same limit and the same diagnostic.
    if document.bytes.count > InputLimits.maximumDocumentBytes { return InputLimits.tooLarge(document, format: format) }
    switch format {
    case .markdown:
        // DocC articles and extension files are documentation, not tutorials (DocCCatalogPages).
        if DocCCatalogPages.isDocumentationPage(document, resources: resources) {
            return DocCCatalogPages.page(document, format: format)
        }
        return MarkdownReader.read(document)
    case .html: return HTMLReader.read(document)
    case .docc: return DocCReader.read(document, resources: resources)
    case .text: return TextReader.read(document)
    }
}
