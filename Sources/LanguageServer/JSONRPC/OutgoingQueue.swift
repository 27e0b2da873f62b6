#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import TutorialModel

/// The messages a connection has yet to write, with backpressure for a client that stops reading.
///
/// Two things keep it bounded. A message sent with a coalescing key (a document's diagnostics) replaces
/// the queued one with the same key, since only the newest matters: however many edits arrive while the
/// client is not reading, each document has at most one diagnostics message waiting. Everything else
/// (responses, which must each arrive once and in order) is kept, and once more than `limit` bytes of it
/// wait, `waitForRoom` holds the reader back, so a client that does not read stops being read from too.
///
/// `@unchecked`: the state is guarded by `condition`, which the writer thread waits on; `Protected`
/// has no wait.
final class OutgoingQueue: @unchecked Sendable {
    private let condition = PlatformLock()
    /// Queued bodies in send order; nil where a coalesced message was replaced by a newer one.
    private var slots: [(key: String?, body: Data)?] = []
    private var head = 0
    private var slotOfKey: [String: Int] = [:]
    /// Bytes queued, excluding coalescable messages (at most one per key, so bounded by the key count).
    private var uncoalescedBytes = 0
    private var closed = false
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// Queues `body`; with a key, drops the queued message of the same key.
    func enqueue(_ body: Data, coalescingKey key: String?) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        if let key {
            if let old = slotOfKey[key] { slots[old] = nil }
            slotOfKey[key] = slots.count
        } else {
            uncoalescedBytes += body.count
        }
        slots.append((key, body))
        condition.broadcast()
    }

    /// The next message to write, waiting for one; nil once the queue is closed and empty.
    func next() -> Data? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            while head < slots.count {
                let index = head
                head += 1
                guard let slot = slots[index] else { continue }
                slots[index] = nil
                if let key = slot.key {
                    slotOfKey[key] = nil
                } else {
                    uncoalescedBytes -= slot.body.count
                    condition.broadcast()
                }
                compactIfWorthIt()
                return slot.body
            }
            if closed { return nil }
            condition.wait()
        }
    }

    /// Blocks while more than `limit` bytes of uncoalesced messages wait to be written.
    func waitForRoom() {
        condition.lock()
        defer { condition.unlock() }
        while uncoalescedBytes > limit && !closed { condition.wait() }
    }

    /// Accepts nothing more; `next` drains what is queued, then returns nil. False if already closed.
    @discardableResult
    func close() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return false }
        closed = true
        condition.broadcast()
        return true
    }

    /// Drops the consumed front of `slots` once it is most of the array (keeps memory and indices small).
    private func compactIfWorthIt() {
        guard head > 1024, head * 2 > slots.count else { return }
        slots.removeFirst(head)
        for (key, slot) in slotOfKey { slotOfKey[key] = slot - head }
        head = 0
    }
}
