import CDBus
import EventLoop

/// Method calls made on the connection: each waits for the reply with its serial, which the
/// connection's filter hands over, or for its deadline.
extension Connection {
    /// Sends a method call and waits for its reply; an error reply is thrown as `DBusError`.
    /// Cancelling the task abandons the call.
    public func call(_ message: Message, timeout: Duration = .seconds(25)) async throws -> Message {
        let encoded = try message.encode()
        defer { dbus_message_unref(encoded) }
        let nanoseconds = UInt64(clamping: timeout.components.seconds) &* 1_000_000_000
            &+ UInt64(clamping: timeout.components.attoseconds / 1_000_000_000)
        let pending = PendingReply(deadline: LoopThread.now().addingSaturated(max(nanoseconds, 1_000_000)))
        let reply = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Message, any Error>) in
                perform {
                    pending.continuation = continuation
                    guard !Task.isCancelled else { return pending.finish(.failure(CancellationError())) }
                    guard isOpen else {
                        return pending.finish(.failure(DBusError(.disconnected, "the connection is closed")))
                    }
                    guard dbus_connection_send(raw, encoded, &pending.serial) != 0 else {
                        return pending.finish(.failure(DBusError(.noMemory, "libdbus could not queue the message")))
                    }
                    pendingReplies[pending.serial] = pending
                    armReplyTimeout(for: pending.deadline)
                }
            }
        } onCancel: {
            loop.schedule { [weak self] in
                if let self, self.pendingReplies[pending.serial] === pending { self.forget(pending.serial) }
                pending.finish(.failure(CancellationError()))
            }
        }
        if let error = reply.error { throw error }
        return reply
    }

    /// The call waiting for the reply `raw`, if any, taken out of those waiting (on `loop`).
    func pendingCall(answeredBy raw: OpaquePointer) -> PendingReply? {
        let type = dbus_message_get_type(raw)
        guard type == DBUS_MESSAGE_TYPE_METHOD_RETURN || type == DBUS_MESSAGE_TYPE_ERROR else { return nil }
        return forget(dbus_message_get_reply_serial(raw))
    }

    /// Takes the call sent as `serial` out of those waiting; with none left, the timeout goes.
    @discardableResult
    private func forget(_ serial: UInt32) -> PendingReply? {
        guard let pending = pendingReplies.removeValue(forKey: serial) else { return nil }
        if pendingReplies.isEmpty, let armed = replyTimeout {
            armed.timer.cancel()
            replyTimeout = nil
        }
        return pending
    }

    /// Makes sure the timeout fires by `deadline` (on `loop`).
    private func armReplyTimeout(for deadline: UInt64) {
        if let armed = replyTimeout {
            guard deadline < armed.deadline else { return }
            armed.timer.cancel()
        }
        replyTimeout = (loop.once(at: deadline) { [weak self] in self?.timeOutReplies() }, deadline)
    }

    /// Fails the calls whose deadline passed with `NoReply`, and arms for the next one.
    private func timeOutReplies() {
        replyTimeout = nil
        let now = LoopThread.now()
        for (serial, pending) in pendingReplies where pending.deadline <= now {
            pendingReplies[serial] = nil
            pending.finish(.failure(DBusError(.noReply, "no reply within the call's timeout: the peer is busy, stuck or gone")))
        }
        if let next = pendingReplies.values.lazy.map(\.deadline).min() { armReplyTimeout(for: next) }
    }
}
