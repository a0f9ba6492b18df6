import Foundation
import FreedesktopNotifications
import UserNotificationsCore
import UsernotedAPI

/// The second part of a two-phase call: what is left once its ordered part is done (see
/// ``Center/add(_:request:attachmentsWithin:category:)``).
typealias CallContinuation<T> = @Sendable () async throws(CenterError) -> T

/// Asks an app how to present a request (`Handler1.WillPresent`): `banner`/`list` (shown at
/// all), `sound`, `badge`; nil leaves the default (all of them).
protocol PresentationAdvisor: Sendable {
    nonisolated(nonsending) func presentationOptions(for request: NotificationRequest, of app: AppID) async -> Set<String>?
}

/// Puts a request that passed every hold on screen: as its app's handler asks (without sound or
/// badge, or not at all), its badge announced, its `Notify` on its way and its record queued for
/// the disk, in the order of the calls. ``Showing`` shows through it what Attention admits, Attention
/// what it held. It keeps nothing of its own and runs on its caller's actor.
struct Poster: Sendable {
    let bridge: NotificationBridge
    let store: Store
    let settings: AppSettingsTable
    let badges: LauncherBadges
    let advisor: any PresentationAdvisor

    /// Puts `request` of `app` on screen (in place of the one with its identifier) and records
    /// it; with `unscheduling`, also takes a pending request with its identifier out of pending,
    /// in the same transaction. Returns once the notification has its place, its `Notify` is on
    /// its way and its record is queued; the continuation waits for the commit, and says whether
    /// a pending request was taken out.
    nonisolated(nonsending) func present(
        _ request: NotificationRequest, of app: AppID, category: NotificationCategory?, unscheduling: Bool = false
    ) async throws(CenterError) -> CallContinuation<Bool> {
        var request = request
        let options = await advisor.presentationOptions(for: request, of: app)
        if let options {
            if !options.contains("badge") { request.content.badge = nil }
            if !options.contains("sound") { request.content.sound = nil }
        }
        if let badge = request.content.badge { try? badges.set(badge, of: app) }
        // Asked, and neither a banner nor a place in the list: the app takes it from here.
        if let options, options.isDisjoint(with: ["banner", "list", "alert"]) {
            guard unscheduling else { return { false } }
            let removed = try await saving("the removal") { try await !store.removePending(app, ids: [request.identifier]).isEmpty }
            return { removed }
        }
        // Queued for the disk as the server is asked (its id follows when it answers), both in
        // the order of the calls. The app hears back once it is durable, not once the server
        // has answered: the id is ours, and a server's trouble is ours to handle, not the app's.
        let (_, serverID) = await bridge.post(
            appID: app, request: request, category: category, showPreviews: settings.settings(of: app).narrowed(by: request).showPreviews)
        let saved = store.queueDelivered(
            DeliveredNotification(app: app, request: request, category: category, serverID: serverID, date: Date()),
            unscheduling: unscheduling)
        return { () async throws(CenterError) in
            try await saving("the delivered notification") { try await saved.value }
        }
    }

    /// Shows a notification that was held, with the category it was held with, past every
    /// hold (as its app's settings are now).
    nonisolated(nonsending) func release(_ held: HeldNotification) async {
        let request = Self.applying(settings.settings(of: held.app), to: held.request)
        _ = try? await present(request, of: held.app, category: held.category)()
    }

    /// `request` as the user's settings of its app let it be shown: quietly (`passive`) while
    /// provisional, without a sound or badge when those are off.
    static func applying(_ settings: AppSettings, to request: NotificationRequest) -> NotificationRequest {
        var request = request
        if settings.authorizationStatus == .provisional { request.content.interruptionLevel = .passive }
        if !settings.sound { request.content.sound = nil }
        if !settings.badge { request.content.badge = nil }
        return request
    }
}
