import TutorialModel

/// Reads a document into the tutorial model with the reader its format calls for.
///
/// This is the first arrow of the pipeline: bytes in, model out, no state kept between calls.
public func readTutorial(
    _ document: SourceDocument, format: DocumentFormat? = nil, resources: any ResourceProvider = NoResources()
) -> Tutorial {
    switch format ?? FormatSniffer.format(of: document) {
    case .markdown: return MarkdownReader.read(document)
    case .html: return HTMLReader.read(document)
    case .docc: return DocCReader.read(document, resources: resources)
    case .text: return TextReader.read(document)
    }
}
