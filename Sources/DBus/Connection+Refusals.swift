import CDBus
import EventLoop

/// Calls refused as they are read, before they are decoded or queued: the defence against a
/// peer that floods the connection, so that it costs little more than reading its calls.
extension Connection {
    /// From now on, refuses a method call whose sender already has `limit` calls waiting to be
    /// answered with `refusal` as it is read: before it is decoded or anything runs for it, so
    /// that a peer flooding the connection costs little more than reading its calls, and what
    /// it has waiting stays bounded. The refusal goes at once, or at the pace of
    /// ``paceRefusals(burst:perSecond:capacity:)``.
    public func refuseCalls(beyond limit: Int, waitingPerSender refusal: DBusError) {
        perform { waitingLimit = (limit, refusal) }
    }

    /// Lets `sender` have `limit` calls waiting instead of ``refuseCalls(beyond:waitingPerSender:)``'s
    /// limit: a peer that forwards many others' calls on one connection (the Notification
    /// portal's frontend, for every sandboxed app).
    public func raiseWaitingLimit(to limit: Int, for sender: String) {
        perform { raisedWaitingLimits[sender] = limit }
    }

    /// From now on, refuses a call of `member` of `interface` whose first argument is a string
    /// with the error `screen` returns for that string, if it returns one, as the call is read:
    /// before it is decoded, queued or served (a cheap refusal under a flood; sent as
    /// ``refuseCalls(beyond:waitingPerSender:)``'s are). `screen` runs on the loop, for every
    /// such call.
    public func screenCalls(interface: String, member: String, _ screen: @escaping @Sendable (String) -> DBusError?) {
        perform { screens.append(CallScreen(interface: interface, member: member, screen: screen)) }
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

    /// Whether `raw` is a call refused as it is read (over its sender's limit of waiting calls,
    /// or by a screen), answered here or held for its turn (on `loop`).
    func refusedAsRead(_ raw: OpaquePointer) -> Bool {
        guard waitingLimit != nil || !screens.isEmpty, dbus_message_get_type(raw) == DBUS_MESSAGE_TYPE_METHOD_CALL else { return false }
        // Read once: the waiting limit and the pace both go by it.
        let sender = dbus_message_get_sender(raw).map { String(cString: $0) }
        guard let refusal = refusal(of: raw, from: sender) else { return false }
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

    /// Why the call `raw` of `sender` is refused as it is read; nil when it is not.
    private func refusal(of raw: OpaquePointer, from sender: String?) -> DBusError? {
        if let waitingLimit, let sender, waitingCalls.count(of: sender) >= raisedWaitingLimits[sender] ?? waitingLimit.count {
            return waitingLimit.refusal
        }
        for screen in screens where screen.matches(raw) {
            var arguments = DBusMessageIter()
            guard dbus_message_iter_init(raw, &arguments) != 0, dbus_message_iter_get_arg_type(&arguments) == CDBUS_TYPE_STRING
            else { return nil }
            var first: UnsafePointer<CChar>?
            dbus_message_iter_get_basic(&arguments, &first)
            return first.flatMap { screen.screen(String(cString: $0)) }
        }
        return nil
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

/// Calls of a member screened as they are read: by their first argument.
struct CallScreen {
    let interface: String
    let member: String
    let screen: @Sendable (String) -> DBusError?

    /// Whether `raw` is a call of this member (checked for every call read, so without the
    /// heap copies that passing the names as C strings directly would make).
    func matches(_ raw: OpaquePointer) -> Bool {
        interface.withCString { interface in
            member.withCString { dbus_message_is_method_call(raw, interface, $0) != 0 }
        }
    }
}
