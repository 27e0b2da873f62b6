import TutorialModel
import TutorialReaders

/// Resources held in memory, as the language server holds open buffers: a path maps to its text, and a
/// folder exists when some file lies under it.
struct DocCMemoryResources: ResourceProvider {
    let files: [String: String]

    init(_ files: [String: String]) { self.files = files }

    func contents(ofFile path: String) -> String? { files[path] }

    func files(under directory: String) -> [String] {
        files.keys.filter { $0.hasPrefix(directory + "/") }.sorted()
    }

    func isDirectory(_ path: String) -> Bool {
        files.keys.contains { $0.hasPrefix(path + "/") }
    }
}

/// Reads a `.tutorial` text at `path` with the given resources.
func readDocC(_ text: String, path: String = "Guide.docc/Guide.tutorial", resources: [String: String] = [:]) -> Tutorial
{
    DocCReader.read(SourceDocument(path: path, text: text), resources: DocCMemoryResources(resources))
}

/// A `@Tutorial` with one section, one step and the given body inside the step.
func docCTutorial(step: String) -> String {
    """
    @Tutorial(time: 5) {
        @Intro(title: "T") {
            Intro.
        }
        @Section(title: "S") {
            @Steps {
                @Step {
    \(step)
                }
            }
        }
    }

    """
}
