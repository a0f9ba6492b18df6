import UserNotificationsCore

/// The takeover: what a restarted daemon had on screen comes back, shown again or, where the
/// same server run still shows it and keeps it for every listener, left where it is.
extension NotificationBridge {
    /// Takes over a notification a previous run showed as `serverID`: shows it again with
    /// `replaces_id`, so it stays in place and the server's signals for it come here now.
    /// Returns the id it has now (nil: no server yet), or `tookOver: false` and nothing shown
    /// when this run has shown its request since (posted while the daemon was starting): that
    /// one is newer.
    @discardableResult
    public func restore(
        appID: AppID, request: NotificationRequest, category: NotificationCategory?, serverID: UInt32?,
        showPreviews: AppSettings.ShowPreviews = .whenUnlocked
    ) async -> (tookOver: Bool, serverID: UInt32?) {
        await restore([RestoredNotification(appID: appID, request: request, category: category, serverID: serverID, showPreviews: showPreviews)])[0]
    }

    /// The run of the server now on the bus, for good (this bus's id and the server's unique
    /// name, which the bus never gives twice); nil while there is none.
    public var serverRun: String? {
        guard let busID, let serverOwner else { return nil }
        return "\(busID) \(serverOwner)"
    }

    /// ``restore(appID:request:category:serverID:)`` for everything a previous run showed, oldest
    /// first, stacked as the stack limit says before anything is shown (a thread comes back as
    /// its stack and its newest, not as a banner each). A server id given twice (the members of
    /// a stack each recorded the stack's) is taken over once; the stack takes over its oldest member's.
    /// When the server is still the run `shownBy` (its ``serverRun``) and keeps a gone sender's
    /// notifications with their signals for every listener (``ServerProfile/SenderExit/keepsForEveryone``),
    /// what it shows stays as it is: taken over without a `Notify`, unless threads stack anew.
    public func restore(_ notifications: [RestoredNotification], shownBy: String? = nil) async -> [(tookOver: Bool, serverID: UInt32?)] {
        var claimed = Set<UInt32>()
        var taken: [NotificationKey?] = []
        var threads = Set<ThreadKey>()
        for notification in notifications {
            let key = NotificationKey(appID: notification.appID, requestID: notification.request.identifier)
            guard live[key] == nil else {
                taken.append(nil)
                continue
            }
            let serverID = notification.serverID.flatMap { claimed.insert($0).inserted ? $0 : nil }
            let entry = Presentation(
                request: notification.request, category: notification.category, order: takeOrder(), serverID: serverID,
                showPreviews: notification.showPreviews, announced: notification.serverID != nil)
            live[key] = entry
            if let thread = entry.thread(of: key.appID) { threads.insert(thread) }
            taken.append(key)
        }
        holdingUnreported = true
        let (stacks, closing) = stackOverflow(of: threads)
        // Kept only as the same run showed them: with previews hidden now they may need another form.
        let sameServer = shownBy != nil && shownBy == serverRun && stacks.isEmpty && closing.isEmpty && !previewsHidden
        let keep = sameServer ? (await serverProfile()).senderExit == .keepsForEveryone : false
        for key in taken.compactMap({ $0 }) {
            if keep, let id = live[key]?.serverID {
                live[key]?.shown(serverID: id)
                keysByServerID[id] = key
            } else {
                await present(key)
            }
        }
        await settle(stacks, closing: closing)
        reportHolding()
        return zip(notifications, taken).map { notification, key in
            guard let key else { return (false, live[NotificationKey(appID: notification.appID, requestID: notification.request.identifier)]?.serverID) }
            return (true, shownID(of: key))
        }
    }

    /// Reports, once after a server change or a takeover, that the server run now there shows
    /// every notification on the list, when it does (none waits for a server or for another
    /// try): only then may a restarted daemon leave them where they are.
    func reportHolding() {
        guard holdingUnreported, let run = serverRun, failures.isEmpty,
              live.values.allSatisfy({ $0.serverID != nil || $0.isStacked })
        else { return }
        holdingUnreported = false
        changesMailbox.send(.holds(serverRun: run))
    }
}
