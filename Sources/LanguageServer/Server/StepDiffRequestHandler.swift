#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Reports
import StepDiff
import TutorialModel

extension LanguageServer {
    /// `tutorialCheck/stepDiff`: the document's change sets in the diff JSON contract, from the same
    /// report document and encoder as `tutorial-check diff --format json`, made of the session's
    /// timelines and change sets of the snapshot's revision (not built a second time).
    func stepDiffJSON(_ snapshot: Snapshot) throws -> JSONValue {
        let timelines = timelines(of: snapshot)
        let report = DiffJSON([
            makeDiffReport(
                tutorial(of: snapshot), timelines: timelines.files, changes: changeSets(of: snapshot),
                unplaced: timelines.unplaced)
        ])
        do {
            return try JSONDecoder().decode(JSONValue.self, from: encodeJSONData(report, pretty: false))
        } catch {
            throw ResponseError(code: ResponseError.internalErrorCode, message: "cannot encode the step diff: \(error)")
        }
    }
}
