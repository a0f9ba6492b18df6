import UserNotificationsCore

/// What `usernotectl post` sends: the plain `Post` call, or a full request for `Add`.
enum PostCall: Sendable, Hashable {
    /// `Post(app_id, category_id, title, body)`.
    case post(category: String, title: String, body: String)
    /// `Add(app_id, request_json)`.
    case add(json: String)
}

/// The arguments of `usernotectl post`, turned into the call that carries them.
struct PostRequest: Sendable, Hashable {
    var title: String
    var body: String = ""
    var category: String = ""
    var userInfo: [String: JSONValue]? = nil
    var identifier: String? = nil
    var sound: String? = nil
    var level: InterruptionLevel? = nil

    /// Whether `Post` can carry everything given (title, body, category only).
    var fitsPost: Bool { userInfo == nil && identifier == nil && sound == nil && level == nil }

    /// The request `Add` would receive; an empty identifier lets the daemon assign one.
    var request: NotificationRequest {
        NotificationRequest(
            identifier: identifier ?? "",
            content: NotificationContent(
                title: title, body: body, userInfo: userInfo ?? [:], categoryIdentifier: category,
                sound: sound, interruptionLevel: level ?? .active))
    }

    /// `Post` when it suffices, else `Add` with the canonical request JSON.
    var call: PostCall {
        fitsPost ? .post(category: category, title: title, body: body) : .add(json: ModelJSON.encode(request))
    }
}
