import DBus

/// When a failed `Notify` is tried again. A server that has just taken the name may not serve
/// yet: GNOME Shell's notifications helper owns it before the shell that the helper forwards
/// to has exported its object (`UnknownMethod` for a moment after the shell restarts). Plasma
/// refuses a notification repeating the one before it (``NotificationsServer/excessNotificationGeneration``)
/// until a second has passed. Each wait doubles; after the last, the notification waits for
/// the next server.
enum NotifyRetry {
    /// The waits before the second, third… tries: about 25 s in all.
    static let waits: [Duration] = (0..<8).map { .milliseconds(100 << $0) }

    /// How long to wait before the try after the `failure`th failure in a row, `error`; nil:
    /// no more tries.
    static func delay(afterFailure failure: Int, _ error: any Error) -> Duration? {
        guard waits.indices.contains(failure - 1) else { return nil }
        let wait = waits[failure - 1]
        if let refusal = error as? DBusError, refusal.name == NotificationsServer.excessNotificationGeneration {
            return max(wait, NotificationsServer.excessNotificationDelay)
        }
        return wait
    }
}

/// The bridge trying a refused `Notify` again.
extension NotificationBridge {
    /// Tries `Notify` for `key` again after its failure, `error`, as ``NotifyRetry`` says, while
    /// the same server runs and no other `Notify` for it got through meanwhile; after the last
    /// try it waits for the next server, and the failure is reported. With no server there, it
    /// waits for one: the next server shows it, and a call sent now could reach that server
    /// while it is taking the name, to be shown twice.
    func retryLater(_ key: NotificationKey, after error: any Error) {
        guard serverOwner != nil else { return }
        let failure = failures[key, default: 0] + 1
        guard let delay = NotifyRetry.delay(afterFailure: failure, error) else {
            failures[key] = nil
            changesMailbox.send(.notShown(key, reason: "\(error)"))
            return
        }
        failures[key] = failure
        let owner = serverOwner
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            guard let self, await self.stillFailing(key, failure, on: owner) else { return }
            await self.present(key)
        }
    }

    /// Whether `key`'s `failure`th failed `Notify` is still the last word on it, on server `owner`.
    private func stillFailing(_ key: NotificationKey, _ failure: Int, on owner: String?) -> Bool {
        failures[key] == failure && serverOwner == owner && live[key] != nil
    }

    /// Asks the server who it is and what it can do again after its `failure`th failure to
    /// say in a row, as ``NotifyRetry`` waits, while it keeps the name: a server may take the
    /// name before it serves (GNOME Shell's helper; swaync 0.12 under load), and unannounced
    /// it would be unknown to Focus and to the state for as long as it runs.
    func announceLater(after failure: Int) {
        guard let delay = NotifyRetry.delay(afterFailure: failure, CancellationError()) else { return }
        let owner = serverOwner
        Task { [weak self] in
            try? await Task.sleep(for: delay)
            guard let self, await self.serverOwner == owner, owner != nil, await self.announcedOwner != owner else { return }
            await self.announceServer(failures: failure)
        }
    }
}
