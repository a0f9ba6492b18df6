import DBus
import FreedesktopNotifications
import UserNotificationsCore
import UsernotedAPI

/// A portal notification (`org.freedesktop.impl.portal.Notification` version 2's `a{sv}`) in
/// usernoted's model. Its version 1 keys are GLib's and ``GLibNotification`` reads them; what
/// version 2 adds is mapped by the tables below, which docs/portal.md shows (a test keeps the
/// two equal). What has no place in the model is ignored, as the portal's spec asks of a
/// backend: never an error for the app.
enum PortalMapping {
    /// The `userInfo` field (inside GLib's, ``GLibNotification/userInfoKey``) that marks a
    /// portal notification: `{"appID": the portal's app id, "purposes": {action identifier: purpose}}`.
    static let userInfoField = "portal"

    /// The app id a host app that did not register with `org.freedesktop.host.portal.Registry`
    /// is shown under (the portal gives it an empty app id): its answers reach it only as the
    /// portal's `ActionInvoked` while it runs.
    static let unregisteredApp = "org.freedesktop.portal.UnregisteredApp"

    /// Each category the portal defines, and the interruption level it gives a notification
    /// (a `priority` that asks for more is kept): calls, alarms and warnings pass Focus as
    /// time-sensitive, a presidential or extreme alert as critical.
    static let categories: [String: InterruptionLevel] = [
        "im.received": .active,
        "alarm.ringing": .timeSensitive,
        "call.incoming": .timeSensitive,
        "call.ongoing": .passive,
        "call.unanswered": .active,
        "weather.warning.extreme": .timeSensitive,
        "cellbroadcast.danger.presidential": .critical,
        "cellbroadcast.danger.extreme": .critical,
        "cellbroadcast.danger.severe": .timeSensitive,
        "cellbroadcast.public-safety": .timeSensitive,
        "cellbroadcast.amber-alert": .timeSensitive,
        "cellbroadcast.test": .passive,
        "os.battery.low": .timeSensitive,
        "browser.web-notification": .active,
    ]

    /// What a button of a purpose becomes.
    enum Button: Hashable {
        /// An action; `label` when the button has none.
        case action(label: String, options: NotificationAction.Options = [])
        /// A text-input action: the inline reply where the server has it, the prompt elsewhere.
        case reply(label: String)
        /// Not a button (`system.custom-alert`: the server may call it when it shows the
        /// notification); left out.
        case none
    }

    /// Each button purpose the portal defines, and what the button becomes.
    static let purposes: [String: Button] = [
        "im.reply-with-text": .reply(label: "Reply"),
        "call.accept": .action(label: "Accept", options: .foreground),
        "call.decline": .action(label: "Decline", options: .destructive),
        "call.hang-up": .action(label: "Hang Up", options: .destructive),
        "call.enable-speakerphone": .action(label: "Speaker On"),
        "call.disable-speakerphone": .action(label: "Speaker Off"),
        "system.custom-alert": .none,
    ]

    /// What each display hint does.
    enum DisplayHint: Hashable {
        /// The notification before it is taken off the screen, and the new one shown afresh.
        case showAsNew
        /// No banner: shown as a passive notification (GNOME Shell puts it in the list only).
        case passive
        /// The request's ``LockScreenHint``.
        case lockScreen(LockScreenHint)
        /// Not kept in the server's list once it leaves the screen (``ServerHints/transient``).
        case transient
        /// Kept until closed (``ServerHints/persistent``).
        case persistent
    }

    /// Each display hint the portal defines, and what usernoted does with it.
    static let displayHints: [String: DisplayHint] = [
        "show-as-new": .showAsNew,
        "tray": .passive,
        "transient": .transient,
        "persistent": .persistent,
        "hide-on-lock-screen": .lockScreen(.hide),
        "hide-content-on-lock-screen": .lockScreen(.hideContent),
    ]

    /// The `SupportedOptions` property: the categories and button purposes mapped above.
    static var supportedOptions: [String: Value] {
        [
            "category": categories.keys.sorted().dbusValue,
            "button-purpose": purposes.filter { $0.value != .none }.keys.sorted().dbusValue,
        ]
    }

    /// What a portal notification becomes.
    struct Mapped {
        var request: NotificationRequest
        /// Its buttons, as a category of its own.
        var category: NotificationCategory?
        /// Whether it replaces a notification of its id afresh (`show-as-new`).
        var showAsNew: Bool
        /// What it asks of the server; its ``ServerHints/image`` is a themed icon's name.
        var hints: ServerHints
        /// Its icon as a file (a sealed memfd from the frontend), which the door keeps.
        var iconFile: UnixFD?
        /// Its icon's bytes (a version 1 frontend's), which the door keeps.
        var iconBytes: [UInt8]?
    }

    /// What `notification` of the portal's `portalApp` becomes, shown as `id` for `app`.
    static func request(id: String, portalApp: String, of app: AppID, from notification: [String: Value]) throws(CenterError) -> Mapped {
        var glibKeys = notification
        var buttons: [(button: [String: Value], purpose: String?)] = []
        if let list = [[String: Value]](dbusValue: notification["buttons"] ?? .array(.string, [])) {
            for var button in list {
                let purpose = button["purpose"].flatMap { $0.as(String.self) }
                let mapped = purpose.flatMap { purposes[$0] }
                if mapped == Button.none { continue }
                if button["label"] == nil, let label = mapped?.defaultLabel { button["label"] = .string(label) }
                buttons.append((button, purpose))
            }
            glibKeys["buttons"] = buttons.map(\.button).dbusValue
        }
        if glibKeys["title"] == nil { glibKeys["title"] = .string("") }
        var (request, category) = try GLibNotification.request(id: id, of: app, from: glibKeys)
        var content = request.content
        let hints = Set(notification["display-hint"].flatMap { $0.as([String].self) } ?? [])
        if let name = notification["category"].flatMap({ $0.as(String.self) }), let level = categories[name] {
            content.interruptionLevel = raised(content.interruptionLevel, to: level)
        }
        if hints.contains(where: { displayHints[$0] == .passive }) { content.interruptionLevel = .passive }
        var serverHints = ServerHints(
            transient: hints.contains { displayHints[$0] == .transient },
            persistent: hints.contains { displayHints[$0] == .persistent },
            markupBody: notification["markup-body"].flatMap { $0.as(String.self) })
        // Of the two, hiding the whole notification hides its content too.
        for hint in [LockScreenHint.hideContent, .hide] where hints.contains(where: { displayHints[$0] == .lockScreen(hint) }) {
            content.userInfo[LockScreenHint.userInfoKey] = .string(hint.rawValue)
        }
        switch notification["sound"] {
        case .string("default")?, .structure?: content.sound = "default"  // a sound file cannot be kept for later
        default: break
        }
        var purposesByAction: [String: JSONValue] = [:]
        if var given = category {
            for (index, entry) in buttons.enumerated() where index < given.actions.count {
                guard let purpose = entry.purpose else { continue }
                purposesByAction[given.actions[index].identifier] = .string(purpose)
                switch purposes[purpose] {
                case .reply?: given.actions[index].textInput = NotificationAction.TextInput(buttonTitle: given.actions[index].title)
                case .action(_, let options)?: given.actions[index].options.formUnion(options)
                case .none?, nil: break
                }
            }
            given.identifier = GLibNotification.categoryIdentifier(for: given.actions)
            content.categoryIdentifier = given.identifier
            category = given
        }
        if case .object(var glib)? = content.userInfo[GLibNotification.userInfoKey] {
            glib[userInfoField] = .object(["appID": .string(portalApp), "purposes": .object(purposesByAction)])
            content.userInfo[GLibNotification.userInfoKey] = .object(glib)
        }
        request.content = content
        var mapped = Mapped(
            request: request, category: category, showAsNew: hints.contains { displayHints[$0] == .showAsNew }, hints: serverHints)
        // A serialized GIcon: ("themed", as), ("file-descriptor", h), ("bytes", ay).
        if case .structure(let icon)? = notification["icon"], icon.count == 2, case .variant(let value) = icon[1] {
            switch icon[0] {
            case .string("themed"): serverHints.image = value.as([String].self)?.first
            case .string("file-descriptor"): mapped.iconFile = value.as(UnixFD.self)
            case .string("bytes"): mapped.iconBytes = value.as([UInt8].self)
            default: break
            }
        }
        mapped.hints = serverHints
        return mapped
    }
}

extension PortalMapping {
    /// `level`, or `floor` when that asks for more attention.
    private static func raised(_ level: InterruptionLevel, to floor: InterruptionLevel) -> InterruptionLevel {
        let order = InterruptionLevel.allCases
        return order.firstIndex(of: floor)! > order.firstIndex(of: level)! ? floor : level
    }
}

extension PortalMapping.Button {
    /// The label a button of this purpose gets when the app gave none.
    var defaultLabel: String? {
        switch self {
        case .action(let label, _), .reply(let label): label
        case .none: nil
        }
    }
}
