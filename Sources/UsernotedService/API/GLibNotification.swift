import Foundation
import DBus
import UserNotificationsCore
import UsernotedAPI

/// A GLib notification (`org.gtk.Notifications.AddNotification`'s `a{sv}`) and what it is in
/// usernoted's model, both ways, in one place: a request with the GLib id as its identifier,
/// a category made from its buttons, and back from a response, the app's GLib action to
/// activate. Each button's action and target, and the default action, ride in the request's
/// `userInfo` under ``userInfoKey`` so that they outlive the daemon with the notification.
/// Unknown keys are ignored, as GNOME Shell ignores them.
enum GLibNotification {
    /// The `userInfo` key holding the GLib actions: `{"default"?: {"action", "target"?},
    /// "buttons": {action identifier: {"action", "target"?}}}`.
    static let userInfoKey = "org.gtk.Notifications"

    /// GLib's priorities as interruption levels (GNOME Shell's urgencies: low, normal, high,
    /// critical); GNOME Shell reads an unknown name as `normal`, and so does usernoted.
    static let priorities: [String: InterruptionLevel] = [
        "low": .passive, "normal": .active, "high": .timeSensitive, "urgent": .critical,
    ]

    /// Keys GLib or the portal send that have no place in the model, shown or not: `icon` (the
    /// server shows the app's icon from `desktop-entry`), `category` (a freedesktop category
    /// such as `im.received`), `sound`, `display-hint`, `timestamp`. Listed for the docs and
    /// tests; like any other unknown key they are ignored.
    static let ignoredKeys = ["icon", "category", "sound", "display-hint", "timestamp"]

    /// What a response asks of the app.
    enum Activation: Hashable {
        /// `ActivateAction(name, [target] or [], platform_data)`: `name` without `app.`.
        case action(name: String, target: Value?)
        /// `Activate(platform_data)`: the body was clicked and there is no default action.
        case activate
        /// `org.gtk.Notifications`' `ActionInvoked` (an action outside the `app.` namespace,
        /// `win.…` or a portal's own), as GNOME Shell 47+ emits it.
        case gtkSignal(action: String, target: Value?)
        /// Nothing can be called (the response's action is none of the notification's): logged and dropped.
        case unsupported(action: String)
        /// A portal notification's action outside the `app.` namespace: the portal's
        /// `ActionInvoked` for `portalApp`, which the portal passes on to the app while it runs.
        case portalSignal(portalApp: String, action: String, target: Value?)
    }

    /// The request and category `notification` of `app` stands for, shown as `id`; a
    /// malformed value is an `InvalidRequest` naming the key and what GLib sends there.
    static func request(id: String, of app: AppID, from notification: [String: Value]) throws(CenterError)
        -> (request: NotificationRequest, category: NotificationCategory?)
    {
        guard !id.isEmpty else {
            throw CenterError(.invalidRequest, "id: is empty; give the notification an id (GLib makes one up when the app passes none)")
        }
        guard let title = try string("title", in: notification) else {
            throw CenterError(.invalidRequest, "notification.title: missing; a GLib notification has a title (g_notification_new)")
        }
        var content = NotificationContent(title: title, body: try string("body", in: notification) ?? "")
        if let markup = try string("markup-body", in: notification) { content.body = plainText(markup) }
        if let priority = try string("priority", in: notification) {
            content.interruptionLevel = priorities[priority] ?? .active
        } else if case .boolean(true)? = notification["urgent"] {
            content.interruptionLevel = .critical
        }
        var glib: [String: JSONValue] = [:]
        if let action = try string("default-action", in: notification) {
            glib["default"] = try entry(action: action, target: notification["default-action-target"], at: "default-action-target")
        }
        var actions: [NotificationAction] = []
        var buttons: [String: JSONValue] = [:]
        for (index, button) in try buttonList(in: notification).enumerated() {
            let at = "notification.buttons[\(index)]"
            guard let label = try string("label", in: button, at: at), let action = try string("action", in: button, at: at), !action.isEmpty else {
                throw CenterError(.invalidRequest, "\(at): needs a 'label' and an 'action' (strings), as g_notification_add_button gives")
            }
            let identifier = uniqueIdentifier(for: action, among: actions)
            actions.append(NotificationAction(identifier: identifier, title: label))
            buttons[identifier] = try entry(action: action, target: button["target"], at: "\(at).target")
        }
        glib["buttons"] = .object(buttons)
        content.userInfo = [userInfoKey: .object(glib)]
        guard !actions.isEmpty else { return (NotificationRequest(identifier: id, content: content), nil) }
        let category = NotificationCategory(identifier: categoryIdentifier(for: actions), actions: actions)
        content.categoryIdentifier = category.identifier
        return (NotificationRequest(identifier: id, content: content), category)
    }

    /// What `response` asks of the app, when it answers a GLib notification; nil otherwise.
    static func activation(for response: NotificationResponse) -> Activation? {
        guard case .object(let glib)? = response.notification.content.userInfo[userInfoKey] else { return nil }
        let chosen: JSONValue?
        if response.actionIdentifier == NotificationResponse.defaultActionIdentifier {
            guard let action = glib["default"] else { return .activate }
            chosen = action
        } else if case .object(let buttons)? = glib["buttons"] {
            chosen = buttons[response.actionIdentifier]
        } else {
            chosen = nil
        }
        guard case .object(let fields)? = chosen, case .string(let action)? = fields["action"] else {
            return .unsupported(action: response.actionIdentifier)
        }
        let target = fields["target"].flatMap(VariantJSON.decode)
        guard action.hasPrefix("app."), action.count > 4 else {
            guard case .object(let portal)? = glib[PortalMapping.userInfoField], case .string(let portalApp)? = portal["appID"] else {
                return .gtkSignal(action: action, target: target)
            }
            return .portalSignal(portalApp: portalApp, action: action, target: target)
        }
        return .action(name: String(action.dropFirst(4)), target: target)
    }

    /// The action identifier of a button: its GLib action name (`app.reply`), with `#2`, `#3`
    /// … for a second and third button of the same action (other targets).
    private static func uniqueIdentifier(for action: String, among earlier: [NotificationAction]) -> String {
        let taken = Set(earlier.map(\.identifier))
        guard taken.contains(action) else { return action }
        var n = 2
        while taken.contains("\(action)#\(n)") { n += 1 }
        return "\(action)#\(n)"
    }

    /// One category per distinct set of buttons: `gtk-` and a stable hash (64-bit FNV-1a) of
    /// their identifiers and labels (and options and text input, which a portal button's
    /// purpose gives), the same in every run.
    static func categoryIdentifier(for actions: [NotificationAction]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let parts = actions.map { action in
            let kind = action.options.isEmpty && action.textInput == nil ? "" : "\u{1F}\(action.options.rawValue)\(action.textInput == nil ? "" : "t")"
            return action.identifier + "\u{1F}" + action.title + kind + "\u{1E}"
        }
        for byte in parts.joined().utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "gtk-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// `{"action", "target"?}` for the userInfo.
    private static func entry(action: String, target: Value?, at key: String) throws(CenterError) -> JSONValue {
        var fields: [String: JSONValue] = ["action": .string(action)]
        if let target {
            guard let kept = VariantJSON.encode(target) else {
                throw CenterError(.invalidRequest, "\(key): holds a file descriptor, which cannot be kept for later; use a plain value")
            }
            fields["target"] = kept
        }
        return .object(fields)
    }

    /// The buttons, each its `a{sv}`.
    private static func buttonList(in notification: [String: Value]) throws(CenterError) -> [[String: Value]] {
        guard let value = notification["buttons"] else { return [] }
        guard let buttons = [[String: Value]](dbusValue: value) else {
            throw CenterError(.invalidRequest, "notification.buttons: is '\(value.type.code)'; GLib sends 'aa{sv}' (label, action, target)")
        }
        return buttons
    }

    /// The string at `key`; nil when absent; an error naming `at.key` when of another type.
    private static func string(_ key: String, in dictionary: [String: Value], at: String = "notification") throws(CenterError) -> String? {
        guard let value = dictionary[key] else { return nil }
        guard case .string(let text) = value else {
            throw CenterError(.invalidRequest, "\(at).\(key): is '\(value.type.code)'; GLib sends a string ('s')")
        }
        return text
    }

    /// The text of Pango-style body markup: tags removed, the five XML entities read back.
    static func plainText(_ markup: String) -> String {
        var text = ""
        var inTag = false
        for character in markup {
            switch character {
            case "<": inTag = true
            case ">" where inTag: inTag = false
            default: if !inTag { text.append(character) }
            }
        }
        let entities = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")]
        return entities.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }
}
