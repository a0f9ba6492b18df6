import UserNotificationsCore

/// The topics of one desktop (contract v1): an app's device token
/// `usernoted/v1/devices/<device>/apps/<app_id>`, the user's `usernoted/v1/users/<user>/apps/<app_id>`
/// heard by every desktop of the user, and under the token `/responses` and `/errors`.
struct PushTopics: Sendable, Hashable {
    var device: String
    var user: String

    static let prefix = "usernoted/v1"

    /// The token of `app`: the topic a provider publishes to reach it on this desktop.
    func token(of app: AppID) -> String { "\(Self.prefix)/devices/\(device)/apps/\(app.rawValue)" }

    /// Where answers to `app`'s pushed notifications are published.
    func responses(of app: AppID) -> String { token(of: app) + "/responses" }

    /// Where pushes to `app` that were not shown are reported.
    func errors(of app: AppID) -> String { token(of: app) + "/errors" }

    /// What the desktop subscribes to: every app's device and user topics.
    var subscriptions: [String] {
        ["\(Self.prefix)/devices/\(device)/apps/+", "\(Self.prefix)/users/\(user)/apps/+"]
    }

    /// The app a push on `topic` is for (one of ``subscriptions``); nil for another topic or an invalid app id.
    func app(of topic: String) -> AppID? {
        for base in ["\(Self.prefix)/devices/\(device)/apps/", "\(Self.prefix)/users/\(user)/apps/"] where topic.hasPrefix(base) {
            let rest = topic.dropFirst(base.count)
            guard !rest.contains("/") else { return nil }
            return try? AppID(validating: String(rest))
        }
        return nil
    }

    /// Whether `name` can be one level of a topic: not empty, no `/`, `+`, `#` or NUL, at most 128 bytes.
    static func isTopicLevel(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && !name.contains { "/+#\0".contains($0) }
    }
}
