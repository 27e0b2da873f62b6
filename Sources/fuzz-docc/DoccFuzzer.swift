import Foundation
import FuzzSupport

/// libFuzzer entry of `fuzz-docc`: the DocC reader with in-memory resources (FuzzTargets.docc).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTargets.all["docc"]!(fuzzData(bytes, count))
    return 0
}

/// In a plain build (no libFuzzer) the target replays the inputs named on its command line. Under
/// libFuzzer (`LIBFUZZER`, set by scripts/fuzz through Package.swift) libFuzzer's `main` runs instead.
#if !LIBFUZZER
    @main
    enum Replay {
        static func main() { replayInputs(FuzzTargets.all["docc"]!) }
    }
#endif
