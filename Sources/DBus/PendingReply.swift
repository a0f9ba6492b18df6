import CDBus

/// A method call waiting for its reply; handed to libdbus as the `void *` of the notify callback.
final class PendingReply: Hashable, @unchecked Sendable {
    // @unchecked: used only on the connection's loop, where libdbus calls the notify function.
    var continuation: CheckedContinuation<Message, any Error>?
    var call: OpaquePointer?

    func complete(stealingFrom call: OpaquePointer) {
        guard let reply = dbus_pending_call_steal_reply(call) else { return }
        defer { dbus_message_unref(reply) }
        finish(Result { try Message(decoding: reply) })
    }

    func cancel() {
        if let call { dbus_pending_call_cancel(call) }
        finish(.failure(CancellationError()))
    }

    func finish(_ result: Result<Message, any Error>) {
        if let call {
            self.call = nil
            dbus_pending_call_unref(call)
        }
        continuation?.resume(with: result)
        continuation = nil
    }

    static func == (a: PendingReply, b: PendingReply) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
