#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// Sends responses in the order their requests arrived, whatever order they finish in.
final class ResponseSequencer: Sendable {
    private struct State {
        var nextTicket = 0
        var nextToSend = 0
        var ready: [Int: Data] = [:]
    }

    private let state = Protected(State())
    private let connection: any Connection

    init(connection: any Connection) { self.connection = connection }

    func reserve() -> Int {
        state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
    }

    func complete(_ ticket: Int, body: Data) {
        // Sending under the lock keeps two finishing workers from reordering their writes.
        state.withLock { state in
            state.ready[ticket] = body
            while let next = state.ready.removeValue(forKey: state.nextToSend) {
                connection.send(next)
                state.nextToSend += 1
            }
        }
    }
}
