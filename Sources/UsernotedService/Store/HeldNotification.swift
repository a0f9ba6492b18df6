import Foundation
import UserNotificationsCore

/// A notification accepted but not shown: it waits for Focus to end, for the scheduled
/// summary, or (passive, or an app whose alerts are off) for the user to ask for it. The app
/// still sees it among its delivered notifications; its responses, once it is shown, go the usual way.
struct HeldNotification: Sendable, Hashable {
    /// Why it is held, which says what releases it.
    enum Reason: String, Sendable, Hashable, CaseIterable {
        /// Focus is on: summarised when Focus ends.
        case focus
        /// The app is in the scheduled summary: in the next digest.
        case summary
        /// `passive`: never a banner; named in its app's next Focus summary.
        case passive
        /// The session is locked and the app's `lockScreen` setting is off: shown at unlock.
        case locked
        /// Kept in the list only: the app's alerts are off, or the user closed the summary that named it.
        case listed
    }

    var app: AppID
    var request: NotificationRequest
    /// The category it will be shown with.
    var category: NotificationCategory?
    var reason: Reason
    /// When it was held.
    var date: Date

    /// Its key on screen, once shown.
    var identifier: String { request.identifier }
}
