import TutorialAnalysis
import TutorialRules

/// What `lint` and `report` analyse: the documents under the PATHs that are not excluded, each with
/// `--config FILE` or else its nearest `.tutorial-check.json`, in one session (one facts cache). Nil,
/// with the message written, on a usage or input error.
func analysisJobs(_ parsed: ParsedArguments) -> (session: AnalysisSession, jobs: [AnalysisSession.Job])? {
    let encoding: String?
    do { encoding = try EncodingOption.value(parsed) } catch { return nil }
    var explicit: Configuration?
    if let path = parsed.value("config") {
        do { explicit = try Configuration.load(path: path) } catch {
            writeError(error.description)
            return nil
        }
    }
    let session = AnalysisSession(
        configuration: explicit, includingBuildOrder: parsed.has("include-build-order"), fallbackEncoding: encoding)
    do { return (session, try session.jobs(parsed.positionals)) } catch {
        writeError(error.description)
        return nil
    }
}
