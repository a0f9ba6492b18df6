import Synchronization
import UserNotificationsCore
import UsernotedAPI

/// The categories each app registered (Apple's `setNotificationCategories`), as the store has
/// them: a post names one to get its buttons, the router asks one whether an action needs an
/// unlocked session (each change is in the store before it is here).
final class CategoryRegistry: Sendable {
    private let store: Store
    private let table = Mutex<[AppID: [NotificationCategory]]>([:])

    /// A registry kept in `store`.
    init(store: Store) {
        self.store = store
    }

    /// Takes the categories a previous run kept (``Store/restored()``).
    func restore(_ all: [AppID: [NotificationCategory]]) {
        table.withLock { $0 = all }
    }

    /// Replaces all categories of `app`, decoded within `limits`.
    func set(_ app: AppID, json: String, limits: Limits) async throws(CenterError) {
        let decoded = try rethrowingModelErrors { () throws(ModelError) in try ModelJSON.decodeCategories(json, limits: limits) }
        try await saving("the categories") { try await store.setCategories(decoded, of: app) }
        table.withLock { $0[app] = decoded }
    }

    /// The categories of `app`, as JSON.
    func json(of app: AppID) -> String { ModelJSON.encode(table.withLock { $0[app] } ?? []) }

    /// The registered category `id` of `app`; nil for the empty id.
    func category(_ id: String, of app: AppID) throws(CenterError) -> NotificationCategory? {
        guard !id.isEmpty else { return nil }
        let known = table.withLock { $0[app] } ?? []
        guard let found = known.first(where: { $0.identifier == id }) else {
            throw .unknownCategory(id, of: app, known: known.map(\.identifier))
        }
        return found
    }
}
