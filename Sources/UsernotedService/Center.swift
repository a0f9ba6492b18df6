import DBus
import FreedesktopNotifications
import Foundation
import UserNotificationsCore

/// The apps' side of the daemon: their categories, and what they post.
public actor Center {
    private let bridge: NotificationBridge
    private let limits: Limits
    private var categories: [AppID: [NotificationCategory]] = [:]

    public init(bridge: NotificationBridge, limits: Limits = .default) {
        self.bridge = bridge
        self.limits = limits
    }

    /// Replaces all categories of `app` (Apple's `setNotificationCategories`).
    public func setCategories(_ app: AppID, json: String) throws(CenterError) {
        let decoded = try rethrowingModelErrors { () throws(ModelError) in try ModelJSON.decodeCategories(json, limits: limits) }
        categories[app] = decoded
    }

    /// The categories of `app`, as JSON.
    public func categoriesJSON(_ app: AppID) -> String { ModelJSON.encode(categories[app] ?? []) }

    /// The registered category `id` of `app`; nil for the empty id.
    public func category(_ id: String, of app: AppID) throws(CenterError) -> NotificationCategory? {
        guard !id.isEmpty else { return nil }
        guard let found = categories[app]?.first(where: { $0.identifier == id }) else {
            throw .unknownCategory(id, of: app, known: (categories[app] ?? []).map(\.identifier))
        }
        return found
    }

    /// Posts a request now; returns its identifier (generated when the request has none).
    public func add(_ app: AppID, request: NotificationRequest) async throws(CenterError) -> String {
        let request = request.needsIdentifier ? request.withIdentifier(UUID().uuidString.lowercased()) : request
        try rethrowingModelErrors { () throws(ModelError) in try Validation.validate(request: request, limits: limits) }
        let category = try category(request.content.categoryIdentifier, of: app)
        await bridge.show(appID: app, request: request, category: category)
        return request.identifier
    }

    /// Posts a request given as JSON.
    public func add(_ app: AppID, json: String) async throws(CenterError) -> String {
        let request = try rethrowingModelErrors { () throws(ModelError) in try ModelJSON.decodeRequest(json, limits: limits) }
        return try await add(app, request: request)
    }

    /// The simplest post: a title and body, optionally with a category's buttons.
    public func post(_ app: AppID, category: String, title: String, body: String) async throws(CenterError) -> String {
        let content = NotificationContent(title: title, body: body, categoryIdentifier: category)
        return try await add(app, request: NotificationRequest(content: content))
    }

    /// The requests of `app` on screen.
    public func deliveredJSON(_ app: AppID) async -> String { ModelJSON.encode(await bridge.delivered(appID: app)) }

    /// Takes notifications of `app` off the screen; no response follows.
    public func removeDelivered(_ app: AppID, ids: [String]?) async {
        var targets = ids ?? []
        if ids == nil { targets = await bridge.delivered(appID: app).map(\.identifier) }
        for id in targets { await bridge.close(NotificationKey(appID: app, requestID: id)) }
    }
}
