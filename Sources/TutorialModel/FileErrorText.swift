#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #endif
#else
    import Foundation
#endif

/// The words Foundation's `localizedDescription` gave a file system error on Linux, for the messages that
/// quote one (`Error.localizedDescription` lives in libFoundation.so; FoundationEssentials throws the same
/// `CocoaError`s but has no text for them). The reasons are Foundation's, as it printed them for each code
/// a file operation throws; other codes it printed by number, as here.
package func fileErrorText(_ error: any Error) -> String {
    let prefix = "The operation could not be completed. "
    if let error = error as? CocoaError {
        if let reason = cocoaFileErrorReasons[error.code.rawValue] { return prefix + reason }
        return prefix + "(NSCocoaErrorDomain error \(error.code.rawValue).)"
    }
    if let error = error as? POSIXError {
        return prefix + String(cString: strerror(error.code.rawValue))
    }
    return prefix + "(\(String(reflecting: type(of: error))) error 1.)"
}

private let cocoaFileErrorReasons: [Int: String] = [
    4: "The file doesn’t exist.",
    255: "The file couldn’t be locked.",
    257: "You don’t have permission.",
    258: "The file name is invalid.",
    259: "The file isn’t in the correct format.",
    260: "The file doesn’t exist.",
    261: "The specified text encoding isn’t applicable.",
    262: "The specified URL type isn’t supported.",
    263: "The item is too large.",
    264: "The text encoding of the contents couldn’t be determined.",
    513: "You don’t have permission.",
    514: "The file name is invalid.",
    516: "A file with the same name already exists.",
    517: "The specified text encoding isn’t applicable.",
    518: "The specified URL type isn’t supported.",
    640: "There isn’t enough space.",
    642: "The volume is read only.",
    3328: "The requested operation is not supported.",
]
