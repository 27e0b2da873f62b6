import Foundation
import Reports
import StepDiff
import TutorialModel

extension LanguageServer {
    /// `tutorialCheck/stepDiff`: the document's change sets in the diff JSON contract, from the same
    /// report document and encoder as `tutorial-check diff --format json`, made of the document model's
    /// timelines and change sets (not built a second time).
    func stepDiffJSON(_ model: DocumentModel, path: String) throws -> JSONValue {
        let report = DiffJSON([
            makeDiffReport(model.tutorial, timelines: model.timelines, changes: model.changes, unplaced: model.unplaced)
        ])
        do {
            return try JSONDecoder().decode(JSONValue.self, from: encodeJSONData(report, pretty: false))
        } catch {
            throw ResponseError(code: ResponseError.internalErrorCode, message: "cannot encode the step diff: \(error)")
        }
    }
}
