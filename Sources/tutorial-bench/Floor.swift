import CCMarkGFM
import CLibXML2
import SwiftParser
import SwiftSyntax

/// The least work any checker that understands the code must do: parse the documents once, and
/// parse each file's final state once.
enum Floor {
    static func parseMarkdown(_ documents: [String]) {
        for document in documents {
            var copy = document
            copy.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    let root = cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_SOURCEPOS)
                    cmark_node_free(root)
                }
            }
        }
    }

    static func parseHTML(_ documents: [String]) {
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        for document in documents {
            var copy = document
            copy.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    if let tree = htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options) {
                        xmlFreeDoc(tree)
                    }
                }
            }
        }
    }

    /// One full SwiftParser parse of each given source; returns the total bytes parsed.
    @discardableResult
    static func parseSwift(_ sources: [String]) -> Int {
        var bytes = 0
        for source in sources {
            let tree = Parser.parse(source: source)
            bytes += tree.totalLength.utf8Length
        }
        return bytes
    }
}
