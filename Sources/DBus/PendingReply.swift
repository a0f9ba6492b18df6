/// A method call waiting for its reply, which the connection's filter matches by its reply
/// serial (libdbus's own pending calls build a `NoReply` error for every call up front, in
/// case it times out: a fifth of the instructions of sending one).
final class PendingReply: @unchecked Sendable {
    // @unchecked: used only on the connection's loop.
    var continuation: CheckedContinuation<Message, any Error>?
    /// The serial the call was sent with (0 until it is sent).
    var serial: UInt32 = 0
    /// When the call stops waiting, on `CLOCK_MONOTONIC` in nanoseconds.
    let deadline: UInt64

    init(deadline: UInt64) { self.deadline = deadline }

    func finish(_ result: Result<Message, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
    }
}
