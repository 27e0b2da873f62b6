import Foundation
import FuzzSupport

/// libFuzzer entry of `fuzz-hostile`: a grammar of hostile shapes (deep and long Swift and Markdown) through the whole pipeline (FuzzTargets.hostile).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTargets.all["hostile"]!(fuzzData(bytes, count))
    return 0
}

/// In a plain build (no libFuzzer) the target replays the inputs named on its command line. Under
/// libFuzzer (`LIBFUZZER`, set by scripts/fuzz through Package.swift) libFuzzer's `main` runs instead.
#if !LIBFUZZER
    @main
    enum Replay {
        static func main() { replayInputs(FuzzTargets.all["hostile"]!) }
    }
#endif
