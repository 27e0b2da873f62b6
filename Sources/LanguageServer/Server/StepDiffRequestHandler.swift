import Foundation
import Reports
import StepDiff
import TutorialModel

extension LanguageServer {
    /// `tutorialCheck/stepDiff`: the document's change sets in the diff JSON contract, from the same
    /// report builder and encoder as `tutorial-check diff --format json`.
    func stepDiffJSON(_ model: DocumentModel, path: String) throws -> JSONValue {
        let report = DiffJSON(makeDiffReport([model.tutorial], options: DiffOptions()))
        do {
            return try JSONDecoder().decode(JSONValue.self, from: encodeJSONData(report, pretty: false))
        } catch {
            throw ResponseError(code: ResponseError.internalErrorCode, message: "cannot encode the step diff: \(error)")
        }
    }
}
