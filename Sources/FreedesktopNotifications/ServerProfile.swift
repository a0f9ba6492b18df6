import Foundation

/// What a notification server does that `GetCapabilities` does not say, as data: one row of
/// ``ServerProfile/table`` per server, matched by `GetServerInformation`.
public struct ServerProfile: Sendable, Hashable {
    /// An answer that may be unknown: what nobody measured or read is not guessed.
    public enum Answer: String, Sendable, Hashable {
        case yes, no, unknown = "?"
    }

    /// What the server does with a notification when the connection that sent it leaves the bus.
    public enum SenderExit: String, Sendable, Hashable {
        /// It stays, and its buttons still answer.
        case keeps = "keeps it"
        /// It stays, its buttons still answer, and its signals go to every listener: a new run
        /// of usernoted hears them without showing it again.
        case keepsForEveryone = "keeps it; signals go to every listener"
        /// It stays; the server sends its signals to the sender that left, so nobody hears them.
        case signalsLost = "keeps it; signals go to the gone sender"
        /// It stays without its buttons.
        case dropsActions = "drops its actions"
        /// It goes.
        case dropsNotification = "drops it"
        case unknown = "?"
    }

    /// Where a row's facts come from.
    public enum Evidence: String, Sendable, Hashable {
        /// The matrix runs this server here (``testedBy``); what its tests do not exercise
        /// (`resident`, `transient`, the sender leaving) is from its docs or source.
        case measured = "measured here"
        /// The server's documentation or source (and, where noted, a recipe run on these machines).
        case source = "its docs/source"
        /// Nobody's facts: what an unknown server is taken to do.
        case assumed = "assumed"
    }

    /// The row's name in tables, e.g. `dunst 1.9`.
    public var label: String
    /// `GetServerInformation`'s name, matched exactly.
    public var name: String
    /// Its vendor, matched exactly when set (`Notification Daemon` is both GNOME's and MATE's name).
    public var vendor: String?
    /// The versions matched: those whose dot-separated components start with these (`5` matches
    /// `5.27.5`), or with `+` those from that major version on (`46+` matches `48.7`); empty: any.
    public var version: String
    /// How many buttons it shows (the `default` action's too when ``defaultAsButton``) before it
    /// drops the rest; nil when every action stays reachable (no limit, a menu, a combo box).
    public var buttons: Int?
    /// Where its actions are, in words (the README's short form).
    public var actionsShown: String
    /// What the profile tables add to ``actionsShown`` (limits, layouts); empty: nothing.
    public var actionsNote: String
    /// The tests that drive it (the README lists these rows); nil: not run here.
    public var testedBy: String?
    /// Whether the `default` action is shown as a button of its own (it then takes a button's room).
    public var defaultAsButton: Bool
    /// What a click on the body does.
    public var bodyClick: String
    /// Whether an action chosen also closes the notification (the daemon shows it again after `keep`).
    public var actionCloses: Answer
    /// What happens when the sending connection leaves (usernoted stays connected, so its own never do).
    public var senderExit: SenderExit
    /// Whether the `resident` hint keeps a notification after an action.
    public var resident: Answer
    /// Whether the `transient` hint keeps a notification out of the server's history.
    public var transient: Answer
    /// How a destructive action looks: no server marks one, so it is shown last (the Apple order).
    public var destructive: String
    /// Where the facts come from.
    public var evidence: Evidence
    /// Whether a notification replaced in place (`replaces_id`) keeps its buttons; when not,
    /// usernoted closes the old one and then shows the replacement as a new notification.
    public var replacesInPlace: Bool
    /// Whether a low-urgency notification goes to the server's list without a banner and without
    /// a sound: a notification shown again (see ``NotifyMapping/call(appID:request:category:capabilities:profile:replacesID:identity:again:)``)
    /// is then sent at low urgency, unless it is critical.
    public var quietAtLowUrgency: Bool
    /// Where the server lists `inline-reply` but shows its reply field only as its own config
    /// says: that setting (nil: wherever it lists it, it shows it).
    public var inlineReplySetting: ServerSetting?
    /// How many of one app's notifications it keeps: showing one more closes the app's oldest,
    /// reported as expired (GNOME Shell's `MAX_NOTIFICATIONS_PER_SOURCE`); nil: no such limit.
    public var keepsPerApp: Int?

    /// A row; what is left out is unknown (`?`), or the common case (any vendor and version,
    /// every button shown, `default` not a button, destructive actions only shown last).
    public init(
        _ label: String, name: String, vendor: String? = nil, version: String = "", buttons: Int? = nil,
        actionsShown: String, actionsNote: String = "", testedBy: String? = nil, defaultAsButton: Bool = false, bodyClick: String = "?", actionCloses: Answer = .unknown,
        senderExit: SenderExit = .unknown, resident: Answer = .unknown, transient: Answer = .unknown,
        destructive: String = "shown last", evidence: Evidence, replacesInPlace: Bool = true, quietAtLowUrgency: Bool = false,
        inlineReplySetting: ServerSetting? = nil, keepsPerApp: Int? = nil
    ) {
        self.label = label
        self.name = name
        self.vendor = vendor
        self.version = version
        self.buttons = buttons
        self.actionsShown = actionsShown
        self.actionsNote = actionsNote
        self.testedBy = testedBy
        self.defaultAsButton = defaultAsButton
        self.bodyClick = bodyClick
        self.actionCloses = actionCloses
        self.senderExit = senderExit
        self.resident = resident
        self.transient = transient
        self.destructive = destructive
        self.evidence = evidence
        self.replacesInPlace = replacesInPlace
        self.quietAtLowUrgency = quietAtLowUrgency
        self.inlineReplySetting = inlineReplySetting
        self.keepsPerApp = keepsPerApp
    }

    /// What the server shows of `capabilities` now: without `inline-reply` while its
    /// ``inlineReplySetting`` (read under `configDirectories`, asked only then) is off, so a
    /// text-input action is a button there rather than a field nobody sees.
    public func shown(_ capabilities: ServerCapabilities, configDirectories: @autoclosure () -> [URL]) -> ServerCapabilities {
        guard capabilities.inlineReply, let setting = inlineReplySetting, !setting.value(in: configDirectories()) else { return capabilities }
        var shown = capabilities
        shown.names.remove(NotifyMapping.inlineReplyKey)
        return shown
    }

    /// The row for the server that says it is `information`; ``unknown`` when none matches.
    public static func matching(_ information: ServerInformation?) -> ServerProfile {
        guard let information else { return unknown }
        return table.first { $0.matches(information) } ?? unknown
    }

    /// Whether this row is about the server `information` names.
    public func matches(_ information: ServerInformation) -> Bool {
        guard information.name == name, vendor.map({ $0 == information.vendor }) ?? true else { return false }
        let given = information.version.split(whereSeparator: { $0 == "." || $0 == " " })
        if version.hasSuffix("+") {
            guard let least = Int(version.dropLast()), let major = given.first.flatMap({ Int($0) }) else { return false }
            return major >= least
        }
        let wanted = version.split(separator: ".")
        return given.count >= wanted.count && zip(wanted, given).allSatisfy { $0 == $1 }
    }

    /// How many of a category's own buttons fit beside the `default` action; nil: all of them.
    public var categoryButtons: Int? { buttons.map { max(0, $0 - (defaultAsButton ? 1 : 0)) } }

    /// What an unknown server is taken to do: GNOME Shell's limit of 3 buttons (the fewest a
    /// server with buttons shows), and nothing else relied on.
    public static let unknown = ServerProfile(
        "any other", name: "", buttons: 3, actionsShown: "3 buttons assumed", evidence: .assumed)

    /// Every server usernoted knows, the ones the matrix runs first.
    public static let table: [ServerProfile] = [
        ServerProfile(
            "dunst 1.9", name: "dunst", actionsShown: "in its context menu",
            actionsNote: "`dunstctl context`, or a click per `dunstrc`", testedBy: "every end-to-end test",
            bodyClick: "`default` with `mouse_left_click = do_action`", actionCloses: .no, senderExit: .signalsLost,
            resident: .no, evidence: .measured),
        ServerProfile(
            "xfce4-notifyd 0.7.3", name: "Xfce Notify Daemon", vendor: "Xfce",
            actionsShown: "buttons, `default` too (as \"Open\")", testedBy: "`ServerMatrixTests`", defaultAsButton: true,
            bodyClick: "closes it: `dismiss`", senderExit: .keepsForEveryone, evidence: .measured),
        ServerProfile(
            "notification-daemon 3.20", name: "Notification Daemon", vendor: "GNOME", buttons: 3,
            actionsShown: "buttons (not `default`)", actionsNote: "a row its 400-px window cuts off after about 3",
            testedBy: "`ServerMatrixTests`", bodyClick: "—", senderExit: .keepsForEveryone, evidence: .measured),
        ServerProfile(
            "lxqt-notificationd 1.2", name: "lxqt-notificationd", actionsShown: "buttons, `default` too (as \"Open\")",
            actionsNote: "4 or more (with `default`) in a combo box", testedBy: "`ServerMatrixTests`",
            defaultAsButton: true, bodyClick: "—", senderExit: .keepsForEveryone, evidence: .measured),
        ServerProfile(
            "mate-notification-daemon 1.26", name: "Notification Daemon", vendor: "MATE",
            actionsShown: "buttons (not `default`)", actionsNote: "the window widens for them", testedBy: "`ServerMatrixTests`",
            bodyClick: "—", senderExit: .keepsForEveryone, evidence: .measured),
        ServerProfile(
            "mako 1.7 (sway)", name: "mako", actionsShown: "`makoctl invoke`, its menu", actionsNote: "no buttons",
            testedBy: "`WaylandServerTests`", bodyClick: "`default`", actionCloses: .yes, senderExit: .keepsForEveryone, evidence: .measured),
        // 0.10 and later list `inline-reply` whatever their config says.
        ServerProfile(
            "swaync (sway)", name: "SwayNotificationCenter", actionsShown: "buttons; inline reply where its config turns it on",
            testedBy: "`WaylandServerTests`", bodyClick: "—", senderExit: .keepsForEveryone, evidence: .measured,
            inlineReplySetting: ServerSetting(file: "swaync/config.json", key: "notification-inline-replies", byDefault: false)),
        // 46 and later close a sender's notifications when it leaves the bus, where a desktop file
        // names its app (`_onNameVanished` in notificationDaemon.js; measured on 48.7). 48 keeps
        // 10 of an app's notifications, 47 and before 3 (`MAX_NOTIFICATIONS_PER_SOURCE` in messageTray.js).
        ServerProfile(
            "GNOME Shell 48+", name: "gnome-shell", vendor: "GNOME", version: "48+", buttons: 3, actionsShown: "on the banner, under the pointer",
            actionsNote: "3, the rest dropped (`MAX_NOTIFICATION_BUTTONS`)", testedBy: "`GnomeShellTests`",
            bodyClick: "`default`", actionCloses: .yes, senderExit: .dropsNotification, resident: .yes, transient: .yes,
            evidence: .measured, replacesInPlace: false, quietAtLowUrgency: true, keepsPerApp: 10),
        ServerProfile(
            "GNOME Shell 46–47", name: "gnome-shell", vendor: "GNOME", version: "46+", buttons: 3, actionsShown: "on the banner, under the pointer",
            actionsNote: "3, the rest dropped (`MAX_NOTIFICATION_BUTTONS`)",
            bodyClick: "`default`", actionCloses: .yes, senderExit: .dropsNotification, resident: .yes, transient: .yes,
            evidence: .source, replacesInPlace: false, quietAtLowUrgency: true, keepsPerApp: 3),
        // 43's notifications helper sends a notification's signals to the connection that showed
        // it, and forgets that connection when it leaves (`_emitSignal`, `_untrackSender` in
        // js/dbusServices/notifications/notificationDaemon.js).
        ServerProfile(
            "GNOME Shell 43", name: "gnome-shell", vendor: "GNOME", buttons: 3, actionsShown: "on the banner, under the pointer",
            actionsNote: "3, the rest dropped (`MAX_NOTIFICATION_BUTTONS`)", testedBy: "`GnomeShellTests`",
            bodyClick: "`default`", actionCloses: .yes, senderExit: .signalsLost, resident: .yes, transient: .yes,
            evidence: .measured, replacesInPlace: false, quietAtLowUrgency: true, keepsPerApp: 3),
        ServerProfile(
            "Plasma 5.27", name: "Plasma", vendor: "KDE", version: "5", actionsShown: "buttons, and inline reply",
            testedBy: "`PlasmaShellTests`, `PlasmaServerTests`", bodyClick: "`default`", actionCloses: .yes, senderExit: .keeps,
            resident: .yes, transient: .yes, evidence: .measured),
        ServerProfile(
            "Plasma 6", name: "Plasma", vendor: "KDE", version: "6", actionsShown: "buttons, and inline reply",
            bodyClick: "`default`", actionCloses: .yes, senderExit: .dropsActions, resident: .yes, transient: .yes,
            evidence: .source),
    ]

    /// The table docs/servers.md shows (a test compares them): one row per server, then the default.
    public static var markdownTable: String {
        var lines = [
            "| server | matched by (name, vendor, version) | actions | buttons before the rest are dropped | `default` as a button | a click on the body | an action closes it | sender leaves | `resident` / `transient` | a replacement | shown again | of one app, kept | destructive | facts |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
        ]
        for row in table + [unknown] {
            let match = row.name.isEmpty
                ? "anything else"
                : "`\(row.name)`" + (row.vendor.map { ", `\($0)`" } ?? "") + (row.version.isEmpty ? "" : row.version.hasSuffix("+") ? ", \(row.version.dropLast()) and later" : ", \(row.version).x")
            let cells = [
                row.label, match, row.actionsNote.isEmpty ? row.actionsShown : "\(row.actionsShown); \(row.actionsNote)", row.buttons.map(String.init) ?? "all", row.defaultAsButton ? "yes" : "no",
                row.bodyClick, row.actionCloses.rawValue, row.senderExit.rawValue,
                "\(row.resident.rawValue) / \(row.transient.rawValue)",
                row.replacesInPlace ? "in place" : "the old one closed, then shown anew",
                row.quietAtLowUrgency ? "at low urgency (critical: as it was): no banner, no sound" : "as it was, without its sound",
                row.keepsPerApp.map { "\($0), the oldest closed as expired" } ?? "all",
                row.destructive, row.evidence.rawValue,
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// The README's one-line-per-server table: the rows the tests drive.
    public static var readmeTable: String {
        var lines = ["| server | buttons | a click on the body | tested by |", "|---|---|---|---|"]
        for row in table {
            guard let testedBy = row.testedBy else { continue }
            lines.append("| \(row.label) | \(row.actionsShown) | \(row.bodyClick) | \(testedBy) |")
        }
        return lines.joined(separator: "\n")
    }
}
