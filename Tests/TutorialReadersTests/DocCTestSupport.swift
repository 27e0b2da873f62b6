import TutorialModel
import TutorialReaders

/// Reads a `.tutorial` text at `path` with the given resources.
func readDocC(_ text: String, path: String = "Guide.docc/Guide.tutorial", resources: [String: String] = [:]) -> Tutorial
{
    DocCReader.read(SourceDocument(path: path, text: text), resources: MemoryResources(resources))
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
