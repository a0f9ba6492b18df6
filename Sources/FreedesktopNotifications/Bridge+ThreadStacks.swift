import UserNotificationsCore

/// The bridge's side of thread stacks (``ThreadStack`` holds the rules): restacking a thread's
/// notifications on screen, and what the stack's own signals do.
extension NotificationBridge {
    /// The stacked members of `thread`, oldest first.
    func members(of thread: ThreadKey) -> [NotificationKey] { ThreadStack.members(of: thread, in: live) }

    /// Restacks `threads` (see ``ThreadStack/restack(_:in:limit:order:)``), taking the server ids
    /// that changed hands out of the id map. Returns the stacks to show and the ids to close.
    func stackOverflow(of threads: Set<ThreadKey>) -> (stacks: [NotificationKey], closing: [UInt32]) {
        var stacks: [NotificationKey] = [], closing: [UInt32] = []
        for thread in threads {
            let change = ThreadStack.restack(thread, in: &live, limit: stackLimit, order: takeOrder)
            for id in change.closing { keysByServerID[id] = nil }
            if let id = change.takenOver { keysByServerID[id] = ThreadStack.key(of: thread) }
            if change.stackChanged { stacks.append(ThreadStack.key(of: thread)) }
            closing += change.closing
        }
        return (stacks, closing)
    }

    /// Shows `stacks` as they are now, then closes `closing` on the server (so a stack appears before what it stands for goes).
    func settle(_ stacks: [NotificationKey], closing: [UInt32]) async {
        for key in stacks { await present(key) }
        for id in closing { try? await server.close(id) }
    }

    /// A signal about `thread`'s stack: its body click or *Show all* brings its members back;
    /// its closing closes them, with a `dismiss` for each whose category has
    /// `customDismissAction` when the user closed it; closed by a server that keeps a few of an
    /// app's notifications, to make room, it keeps them (``madeRoom(_:of:limit:)``). Nothing
    /// else reaches the app.
    func handleStack(_ signal: ServerSignal, of thread: ThreadKey) {
        let stackKey = ThreadStack.key(of: thread)
        switch signal {
        case .actionInvoked(_, let actionKey) where actionKey == NotifyMapping.defaultKey || actionKey == ThreadStack.showAllIdentifier:
            guard let stack = live.removeValue(forKey: stackKey) else { return }
            let members = members(of: thread)
            for member in members { live[member]?.unstacked() }
            if let id = stack.serverID { keysByServerID[id] = nil }
            Task {
                for member in members { await present(member) }
                if let id = stack.serverID { try? await server.close(id) }
            }
        case .closed(let id, .expired) where profile?.keepsPerApp != nil:
            keysByServerID[id] = nil
            madeRoom(stackKey, of: thread, limit: profile?.keepsPerApp ?? 0)
        case .closed(let id, let reason):
            keysByServerID[id] = nil
            live[stackKey] = nil
            for member in members(of: thread) {
                guard let entry = live.removeValue(forKey: member) else { continue }
                departed(member, entry, reason: reason, activationToken: nil)
            }
        case .actionInvoked, .activationToken, .replied:
            break
        }
    }

    /// The server closed `thread`'s stack to show a newer notification of its app (GNOME Shell
    /// keeps `limit` of an app's and closes the oldest as expired): not the user's close, so
    /// its members stay delivered and it comes back, quietly, as the app's newest, which closes
    /// the app's oldest in turn. Only while fewer than `limit - 1` other stacks of the app are
    /// on screen or on their way there, so that one place stays for the app's own notifications
    /// and a chain of stacks closing each other ends; else it waits for its thread's next post.
    private func madeRoom(_ stackKey: NotificationKey, of thread: ThreadKey, limit: Int) {
        live[stackKey]?.offScreen()
        let otherStacks = live.count { key, entry in
            key != stackKey && key.appID == thread.appID && ThreadStack.thread(ofStack: key) != nil
                && (entry.serverID != nil || notifying[key] != nil)
        }
        guard otherStacks < limit - 1 else { return }
        Task { await present(stackKey) }
    }
}
