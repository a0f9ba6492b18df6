import UserNotificationsCore

/// What `usernotectl post` sends: the plain `Post` call, or a full request for `Add`.
enum PostCall: Sendable, Hashable {
    /// `Post(app_id, category_id, title, body)`.
    case post(category: String, title: String, body: String)
    /// `Add(app_id, request_json)`.
    case add(json: String)
}

/// The content arguments of `post` and `schedule`, turned into the call that carries them.
struct PostRequest: Sendable, Hashable {
    var title: String
    var body: String = ""
    var category: String = ""
    var userInfo: [String: JSONValue]? = nil
    var identifier: String? = nil
    var subtitle: String? = nil
    var sound: String? = nil
    var level: InterruptionLevel? = nil
    var thread: String? = nil
    /// An image file path (absolute, or relative to the working directory).
    var image: String? = nil
    var trigger: NotificationTrigger? = nil

    /// Whether `Post` can carry everything given (title, body, category only).
    var fitsPost: Bool {
        userInfo == nil && identifier == nil && subtitle == nil && sound == nil && level == nil && thread == nil
            && image == nil && trigger == nil
    }

    /// The request `Add` would receive; an empty identifier lets the daemon assign one.
    var request: NotificationRequest {
        NotificationRequest(
            identifier: identifier ?? "",
            content: NotificationContent(
                title: title, subtitle: subtitle ?? "", body: body, userInfo: userInfo ?? [:],
                categoryIdentifier: category, threadIdentifier: thread ?? "", sound: sound,
                interruptionLevel: level ?? .active),
            trigger: trigger)
    }

    /// `Post` when it suffices, else `Add` with the canonical request JSON (and the image as an attachment).
    var call: PostCall {
        if fitsPost { return .post(category: category, title: title, body: body) }
        guard let image else { return .add(json: ModelJSON.encode(request)) }
        return .add(json: ImageAttachment.adding(image, to: ModelJSON.encode(request)))
    }
}
