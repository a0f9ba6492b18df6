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
