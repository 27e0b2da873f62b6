import Foundation
import Reports
import StepDiff
import TutorialModel

extension LanguageServer {
    /// `tutorialCheck/stepDiff`: the document's change sets in the diff JSON contract, the same
    /// encoder as `tutorial-check diff --format json`.
    func stepDiffJSON(_ model: DocumentModel, path: String) throws -> JSONValue {
        throw ResponseError(code: ResponseError.requestFailedCode, message: "step diffs are not available yet")
    }
}
