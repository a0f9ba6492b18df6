import FreedesktopNotifications
import UserNotificationsCore
import UsernotedAPI

/// What puts an admitted request on screen, shared by whoever shows one (the center, the
/// scheduler when a trigger comes due, the router when a handler answers `keep`): the app's
/// settings applied, ``Attention`` asked whether it interrupts now or is held, then the
/// ``Poster``. It keeps nothing of its own and runs on its caller's actor.
struct Showing: DueRequestPresenter {
    /// Puts on screen what `attention` lets through; its bridge, store, settings and badges.
    let poster: Poster
    /// Decides what Focus, the summary and the levels hold back.
    let attention: Attention
    /// The categories the apps registered, which a request shown again is shown with.
    let categories: CategoryRegistry

    /// Shows `request` now with the category registered now: its trigger came due, or a
    /// handler answered `keep` after the server had closed it.
    nonisolated(nonsending) func present(_ request: NotificationRequest, of app: AppID) async {
        guard poster.settings.settings(of: app).authorizationStatus != .denied else { return }  // denied since it was scheduled
        let category = try? categories.category(request.content.categoryIdentifier, of: app)
        _ = try? await startShow(request, of: app, category: category)()
    }

    /// A scheduled request came due: shown as ``present(_:of:)`` shows it.
    nonisolated(nonsending) func presentDue(_ pending: PendingRequest, late: Bool) async {
        await present(pending.request, of: pending.app)
    }

    /// Puts `request` on screen through the poster (see ``Poster/present(_:of:category:unscheduling:)``),
    /// unless ``Attention`` holds it (Focus, the summary, its level): then it is recorded as
    /// held, and the continuation waits for that.
    nonisolated(nonsending) func startShow(
        _ request: NotificationRequest, of app: AppID, category: NotificationCategory?, unscheduling: Bool = false
    ) async throws(CenterError) -> CallContinuation<Bool> {
        let appSettings = poster.settings.settings(of: app).narrowed(by: request)
        var request = Poster.applying(appSettings, to: request)
        let key = NotificationKey(appID: app, requestID: request.identifier)
        let onScreen: @Sendable () async -> Bool = { [bridge = poster.bridge] in await bridge.isLive(key) }
        switch await attention.admit(request, of: app, category: category, settings: appSettings, onScreen: onScreen) {
        case .show(let shown):
            request = shown
        case .held(let saved):
            if let badge = request.content.badge { try? poster.badges.set(badge, of: app) }
            let removed = unscheduling
                ? try await saving("the removal") { try await !poster.store.removePending(app, ids: [request.identifier]).isEmpty }
                : false
            return { () async throws(CenterError) in
                try await saving("the held notification") { try await saved.value }
                return removed
            }
        }
        return try await poster.present(request, of: app, category: category, unscheduling: unscheduling)
    }
}
