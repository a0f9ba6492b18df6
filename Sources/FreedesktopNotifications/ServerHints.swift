#if canImport(Glibc)
import Glibc
#endif
import Foundation
import UserNotificationsCore

/// What a request asks of the notification server beyond the model, in its `userInfo` under
/// ``userInfoKey``: the Notification portal's `transient` and `persistent` display hints, its
/// `markup-body` and its icon become these. Each is a wish the server may not have a way to
/// grant; ``NotifyMapping`` sends what the server can take and leaves the rest.
public struct ServerHints: Sendable, Hashable {
    public static let userInfoKey = NotificationContent.serverHintsKey

    /// Not kept in the server's list once it leaves the screen (the `transient` hint).
    public var transient = false
    /// Kept until the user or the app closes it: never expires, and stays after an action
    /// (the `resident` hint; no freedesktop server lets a notification refuse the close button).
    public var persistent = false
    /// The body as markup of `<b>`, `<i>` and `<a href>` with every other `<`, `>` and `&`
    /// escaped (the portal frontend checked it so): sent instead of the body to a server with
    /// `body-markup`; elsewhere the body, its plain text, is shown.
    public var markupBody: String?
    /// The notification's own image: an icon name of the theme, or a `file://` URI (the
    /// `image-path` hint), shown where the request has no image attachment.
    public var image: String?

    public init(transient: Bool = false, persistent: Bool = false, markupBody: String? = nil, image: String? = nil) {
        self.transient = transient
        self.persistent = persistent
        self.markupBody = markupBody
        self.image = image
    }

    /// The hints `request` carries; none when it carries none.
    public init(of request: NotificationRequest) {
        guard case .object(let fields)? = request.content.userInfo[Self.userInfoKey] else { return }
        transient = fields["transient"] == .bool(true)
        persistent = fields["persistent"] == .bool(true)
        if case .string(let markup)? = fields["markupBody"] { markupBody = markup }
        if case .string(let image)? = fields["image"] { self.image = image }
    }

    /// These hints as `userInfo` keeps them; nil when there are none.
    public var userInfoValue: JSONValue? {
        var fields: [String: JSONValue] = [:]
        if transient { fields["transient"] = .bool(true) }
        if persistent { fields["persistent"] = .bool(true) }
        if let markupBody { fields["markupBody"] = .string(markupBody) }
        if let image { fields["image"] = .string(image) }
        return fields.isEmpty ? nil : .object(fields)
    }
}

extension ServerHints {
    /// ``image`` if the server can show it now: an icon name, or a file that is still there
    /// (the portal's icon files are bounded in number, so an old one may be gone).
    var availableImage: String? {
        guard let image else { return nil }
        guard image.hasPrefix("file://") else { return image }
        return URL(string: image).map { access($0.path, R_OK) == 0 } == true ? image : nil
    }
}

extension NotificationRequest {
    /// This request with `hints` in its `userInfo` (in place of any it had); itself when nil.
    public func carrying(_ hints: ServerHints?) -> NotificationRequest {
        guard let hints else { return self }
        var request = self
        request.content.userInfo[ServerHints.userInfoKey] = hints.userInfoValue
        return request
    }
}
