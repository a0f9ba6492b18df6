import DBus
import UserNotificationsCore

/// The arguments of one `Notify` call.
public struct NotifyCall: Sendable, Hashable {
    public var appName: String
    public var replacesID: UInt32
    public var appIcon: String
    public var summary: String
    public var body: String
    /// Alternating action keys and labels.
    public var actions: [String]
    public var hints: [String: Value]
    /// Milliseconds; -1 lets the server decide, 0 never expires.
    public var expireTimeout: Int32

    /// The D-Bus body, as ``NotificationsServer/notify`` declares it: `(susssasa{sv}i)`.
    public var arguments: [Value] {
        NotificationsServer.notify.body(appName, replacesID, appIcon, summary, body, actions, hints, expireTimeout)
    }
}

/// How the model becomes `Notify` arguments, by what the server can do.
public enum NotifyMapping {
    /// The action key a body click sends.
    public static let defaultKey = "default"
    /// The action key KDE's inline reply needs.
    public static let inlineReplyKey = "inline-reply"
    /// The label of the `default` action, for servers that list it in a menu.
    public static let defaultLabel = "Open"

    /// The `category` hint of notifications that break through Focus, before their level
    /// (`x-usernoted.timeSensitive`, `x-usernoted.critical`).
    public static let breakthroughCategoryPrefix = "x-usernoted."

    /// The key a suggestion button is sent with: this prefix and the suggestion's index.
    public static let suggestionKeyPrefix = "x-usernoted-suggestion-"

    /// The `Notify` call showing `request` of `appID` with the buttons of `category`, as a
    /// server with `capabilities` and `profile` shows them. `again`: a server showed it before
    /// (usernoted or the server restarted, the screen locked): where the profile says low urgency
    /// is quiet, it is sent at low urgency, so it goes back to the list without a banner, unless
    /// it is critical (a critical one keeps its urgency, its place and its banner).
    public static func call(
        appID: AppID, request: NotificationRequest, category: NotificationCategory?,
        capabilities: ServerCapabilities, profile: ServerProfile = .unknown, replacesID: UInt32 = 0,
        identity: AppIdentity? = nil, again: Bool = false
    ) -> NotifyCall {
        let content = request.content
        let server = ServerHints(of: request)
        let body = capabilities.bodyMarkup
            ? joined(escapeMarkup(content.subtitle), server.markupBody ?? escapeMarkup(content.body))
            : joined(content.subtitle, content.body)
        // Room from the start for as many hints as are set below (eleven): grown from three,
        // it was resized at every Notify.
        var hints = [String: Value](minimumCapacity: 11)
        hints["desktop-entry"] = .string(appID.rawValue)
        hints["urgency"] = .byte(urgency(of: content.interruptionLevel, again: again, profile: profile))
        hints["x-usernoted-request"] = .string(request.identifier)
        // Breaks through Focus: servers that hold notifications while paused can let these through by category
        // (dunst: a rule with override_pause_level; docs/focus.md).
        if content.interruptionLevel == .timeSensitive || content.interruptionLevel == .critical {
            hints["category"] = .string(breakthroughCategoryPrefix + content.interruptionLevel.rawValue)
        }
        // Where the server has no `sound` capability, the bridge plays it (EventSound).
        if let sound = EventSound.themeID(of: content) {
            hints["sound-name"] = .string(sound)
        } else {
            hints["suppress-sound"] = .boolean(true)
        }
        if let image = AttachmentFile.imageURI(of: content.attachments) ?? server.availableImage { hints["image-path"] = .string(image) }
        if server.transient { hints["transient"] = .boolean(true) }
        if server.persistent { hints["resident"] = .boolean(true) }
        var actions = [defaultKey, defaultLabel]
        let iconKeys = iconKeys(of: category, capabilities: capabilities)
        if iconKeys != nil { hints["action-icons"] = .boolean(true) }
        for button in buttons(of: category, profile: profile) {
            switch button {
            case .action(let action):
                if let textInput = action.textInput, capabilities.inlineReply {
                    actions += [inlineReplyKey, action.title]
                    if !textInput.placeholder.isEmpty { hints["x-kde-reply-placeholder-text"] = .string(textInput.placeholder) }
                    if !textInput.buttonTitle.isEmpty { hints["x-kde-reply-submit-button-text"] = .string(textInput.buttonTitle) }
                } else {
                    actions += [iconKeys?[action.identifier] ?? action.identifier, action.title]
                }
            case .suggestion(_, let index, let text):
                actions += [suggestionKeyPrefix + String(index), text]
            }
        }
        return NotifyCall(
            appName: identity?.name ?? appID.rawValue, replacesID: replacesID, appIcon: identity?.icon ?? "",
            summary: content.title, body: body,
            actions: actions, hints: hints, expireTimeout: server.persistent ? 0 : -1)
    }

    /// The `urgency` hint of a notification at `level`: low for one shown `again` on a server whose
    /// profile says low urgency is quiet (a time-sensitive one too: it had its banner; its
    /// `category` hint still lets it through a pause), its level's otherwise and for a critical one.
    public static func urgency(of level: InterruptionLevel, again: Bool, profile: ServerProfile) -> UInt8 {
        guard again, profile.quietAtLowUrgency, level != .critical else { return level.freedesktopUrgency }
        return InterruptionLevel.passive.freedesktopUrgency
    }

    /// The subtitle over the body, each where there is one.
    private static func joined(_ subtitle: String, _ body: String) -> String {
        subtitle.isEmpty ? body : body.isEmpty ? subtitle : subtitle + "\n" + body
    }

    /// One button after `default`: an action of the category, or a suggestion of its text-input action.
    public enum Button: Sendable, Hashable {
        case action(NotificationAction)
        /// Answers as `action` with `text` as the user's text; `index` is its place in the suggestions.
        case suggestion(NotificationAction, index: Int, text: String)
    }

    /// The buttons `category` gets on a server with `profile`, in order: its actions (destructive
    /// last), or its ``NotificationCategory/minimalActions`` where the server shows fewer buttons
    /// than it has; each text-input action followed by its suggestions, as many as still fit.
    public static func buttons(of category: NotificationCategory?, profile: ServerProfile) -> [Button] {
        guard let category else { return [] }
        let room = profile.categoryButtons
        var chosen = category.orderedActions
        if let room, chosen.count > room, !category.minimalActions.isEmpty { chosen = category.orderedMinimalActions }
        var spare = room.map { max(0, $0 - chosen.count) } ?? Int.max
        var buttons: [Button] = []
        for action in chosen {
            buttons.append(.action(action))
            for (index, text) in (action.textInput?.suggestions ?? []).enumerated() where spare > 0 {
                buttons.append(.suggestion(action, index: index, text: text))
                spare -= 1
            }
        }
        return buttons
    }

    /// The key each button of `category` is sent with, by action identifier, when they are icon
    /// names: the server has `action-icons` and every button has an icon of its own (with the
    /// hint the server reads every key as an icon name, so a button without one — a suggestion
    /// included — would show none); nil when the buttons are sent with their identifiers and labels alone.
    public static func iconKeys(of category: NotificationCategory?, capabilities: ServerCapabilities) -> [String: String]? {
        guard capabilities.actionIcons, let buttons = category?.orderedActions, !buttons.isEmpty else { return nil }
        if capabilities.inlineReply, buttons.contains(where: \.isTextInput) { return nil }
        if buttons.contains(where: { !($0.textInput?.suggestions.isEmpty ?? true) }) { return nil }
        let icons = buttons.compactMap(\.icon)
        guard icons.count == buttons.count, Set(icons).count == icons.count,
              !icons.contains(defaultKey), !icons.contains(inlineReplyKey) else { return nil }
        return Dictionary(uniqueKeysWithValues: zip(buttons.map(\.identifier), icons))
    }

    /// The button of `category` that `key` (from `ActionInvoked`) names: by its icon when
    /// ``iconKeys(of:capabilities:)`` sent icons, else by its identifier.
    public static func action(
        forKey key: String, in category: NotificationCategory?, capabilities: ServerCapabilities
    ) -> NotificationAction? {
        guard let iconKeys = iconKeys(of: category, capabilities: capabilities) else {
            return category?.action(withIdentifier: key)
        }
        return category?.orderedActions.first { iconKeys[$0.identifier] == key }
    }

    /// The suggestion `key` (from `ActionInvoked`) names: the text-input action it answers and its text.
    public static func suggestion(forKey key: String, in category: NotificationCategory?) -> (action: NotificationAction, text: String)? {
        guard key.hasPrefix(suggestionKeyPrefix), let index = Int(key.dropFirst(suggestionKeyPrefix.count)),
              let action = category?.textInputAction, let suggestions = action.textInput?.suggestions,
              suggestions.indices.contains(index) else { return nil }
        return (action, suggestions[index])
    }

    /// Escapes the characters the spec's body markup gives meaning to.
    public static func escapeMarkup(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }
}
