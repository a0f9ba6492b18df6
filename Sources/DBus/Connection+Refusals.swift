import CDBus
import EventLoop

/// Calls refused as they are read, before they are decoded or queued: the defence against a
/// peer that floods the connection, so that it costs little more than reading its calls. Which
/// calls is the admission hook's to say (the service's policy); the connection sends the
/// refusals, paced per sender (the mechanism).
extension Connection {
    /// From now on, asks `hook` of each method call as it is read whether to refuse it, and
    /// with what error: before it is decoded, queued or served, so that a peer flooding the
    /// connection costs little more than reading its calls. `hook` runs on the loop, for every
    /// call; the ``CallHead`` it is given reads from the message only what it asks for. A
    /// refusal goes at once, or at the pace of ``paceRefusals(burst:perSecond:capacity:)``.
    /// The policy is the hook's (how many calls a sender may have waiting, which calls are
    /// screened); the connection keeps none. A later hook replaces an earlier one.
    public func admitCalls(_ hook: @escaping @Sendable (CallHead) -> DBusError?) {
        perform { admission = hook }
    }

    /// From now on, sends each sender the refusals of its calls refused as they are read at
    /// most `perSecond` a second once `burst` went at once, holding the rest until their turn:
    /// a flood is answered at that pace rather than as fast as it is sent, and so slows to it
    /// (see ``RefusalPace``). While `capacity` refusals of all senders are held, more go at once.
    /// Refusals held under an earlier pace go now.
    public func paceRefusals(burst: Int, perSecond: Int, capacity: Int) {
        perform {
            for reply in refusalPace?.removeAll() ?? [] { sendAndRelease(reply) }
            refusalTimer?.cancel()
            refusalTimer = nil
            refusalPace = RefusalPace(burst: burst, perSecond: perSecond, capacity: capacity)
        }
    }

    /// How many refusals wait for their sender's turn (for tests and diagnostics).
    var heldRefusals: Int { perform { refusalPace?.heldCount ?? 0 } }

    /// Whether `raw` is a call refused as it is read (by the hook of ``admitCalls(_:)``),
    /// answered here or held for its turn (on `loop`).
    func refusedAsRead(_ raw: OpaquePointer) -> Bool {
        guard let admission, dbus_message_get_type(raw) == DBUS_MESSAGE_TYPE_METHOD_CALL else { return false }
        // Read once: the hook and the pace both go by it.
        let sender = dbus_message_get_sender(raw).map { String(cString: $0) }
        let head = CallHead(raw: raw, sender: sender, waiting: sender.map { waitingCalls.count(of: $0) } ?? 0)
        guard let refusal = admission(head) else { return false }
        guard dbus_message_get_no_reply(raw) == 0 else { return true }
        // libdbus builds the error's header from the call's in one go: no decoding, no encoding.
        guard let reply = dbus_message_new_error(raw, refusal.name.rawValue, refusal.message) else { return true }
        guard refusalPace != nil else {
            sendAndRelease(reply)
            return true
        }
        if let atOnce = refusalPace?.admit(reply, from: sender ?? "", at: LoopThread.now()) {
            sendAndRelease(atOnce)
        } else {
            armRefusalTimer()
        }
        return true
    }

    /// Arms the timer for the next held refusal's turn, unless it is armed (on `loop`).
    private func armRefusalTimer() {
        guard refusalTimer == nil, let due = refusalPace?.nextDue(after: LoopThread.now()) else { return }
        refusalTimer = loop.once(at: due) { [weak self] in
            guard let self else { return }
            refusalTimer = nil
            for reply in refusalPace?.due(at: LoopThread.now()) ?? [] { sendAndRelease(reply) }
            armRefusalTimer()
        }
    }

    /// Frees the refusals still held: the connection is closing (on `loop`).
    func dropHeldRefusals() {
        refusalTimer?.cancel()
        refusalTimer = nil
        for reply in refusalPace?.removeAll() ?? [] { dbus_message_unref(reply) }
    }

    /// Queues `reply` on the wire and drops this side's reference.
    private func sendAndRelease(_ reply: OpaquePointer) {
        if isOpen { dbus_connection_send(raw, reply, nil) }
        dbus_message_unref(reply)
    }
}
