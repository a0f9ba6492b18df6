import Foundation

/// A notification server a ``TestDesktop`` can run, as data: how to start it and the X
/// class of its windows. Debian's packages; dunst with the test fixtures' configuration.
public struct NotificationServerKind: Sendable, CustomStringConvertible {
    /// Its name, e.g. `xfce4-notifyd`.
    public var description: String
    /// The program (a path, or a name in PATH) and its arguments.
    var executable: String
    var arguments: [String]
    /// What it needs in its environment besides the desktop's.
    var environment: [String: String] = [:]
    /// The X window class of its notification windows.
    public var windowClass: String

    /// dunst 1.9, configured by `Tests/EndToEndTests/Fixtures/dunstrc`.
    public static let dunst = NotificationServerKind(
        description: "dunst", executable: "dunst",
        arguments: ["-config", TestDesktop.fixtures.appending(path: "dunstrc").path], windowClass: "Dunst")
    /// Xfce's server (Debian's xfce4-notifyd): one window per notification, actions as buttons.
    public static let xfce4Notifyd = NotificationServerKind(
        description: "xfce4-notifyd", executable: "/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd",
        arguments: [], windowClass: "Xfce4-notifyd")
    /// GNOME's standalone server (Debian's notification-daemon), as used by Flashback and others.
    public static let notificationDaemon = NotificationServerKind(
        description: "notification-daemon", executable: "/usr/lib/notification-daemon/notification-daemon",
        arguments: ["--replace"], windowClass: "Notification-daemon")
    /// LXQt's server (Debian's lxqt-notificationd): one window per notification, every action
    /// (the default one too) as a button, left-aligned; a close button at the top right.
    public static let lxqtNotificationd = NotificationServerKind(
        description: "lxqt-notificationd", executable: "lxqt-notificationd", arguments: [],
        environment: ["QT_QPA_PLATFORM": "xcb"], windowClass: "lxqt-notificationd")
    /// MATE's server (Debian's mate-notification-daemon), a fork of notification-daemon.
    public static let mateNotificationDaemon = NotificationServerKind(
        description: "mate-notification-daemon", executable: "/usr/lib/mate-notification-daemon/mate-notification-daemon",
        arguments: [], windowClass: "Mate-notification-daemon")
}
