import Foundation

/// A notification server a ``TestDesktop`` can run, as data: how to start it and the X
/// class of its windows. Debian's packages; dunst with the test fixtures' configuration.
public struct NotificationServerKind: Sendable, CustomStringConvertible {
    /// Its name, e.g. `xfce4-notifyd`.
    public var name: String
    /// The release it comes from: this machine's, unless ``from(_:)`` says otherwise.
    public var release = DebianRelease.host
    /// The program (a path, or a name in PATH) and its arguments.
    var executable: String
    var arguments: [String]
    /// What it needs in its environment besides the desktop's.
    var environment: [String: String] = [:]
    /// The X window class of its notification windows.
    public var windowClass: String

    /// Its name, and the release where it is not this machine's (`dunst (Debian 13)`).
    public var description: String { release == .host ? name : "\(name) (\(release))" }

    /// The same server from `release`'s packages.
    public func from(_ release: DebianRelease) -> NotificationServerKind {
        var kind = self
        kind.release = release
        return kind
    }

    /// dunst 1.9, configured by `Tests/EndToEndTests/Fixtures/dunstrc`.
    public static let dunst = NotificationServerKind(
        name: "dunst", executable: "dunst",
        arguments: ["-config", TestDesktop.fixtures.appending(path: "dunstrc").path], windowClass: "Dunst")
    /// Xfce's server (Debian's xfce4-notifyd): one window per notification, actions as buttons.
    public static let xfce4Notifyd = NotificationServerKind(
        name: "xfce4-notifyd", executable: "/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd",
        arguments: [], windowClass: "Xfce4-notifyd")
    /// GNOME's standalone server (Debian's notification-daemon), as used by Flashback and others.
    public static let notificationDaemon = NotificationServerKind(
        name: "notification-daemon", executable: "/usr/lib/notification-daemon/notification-daemon",
        arguments: ["--replace"], windowClass: "Notification-daemon")
    /// LXQt's server (Debian's lxqt-notificationd): one window per notification, every action
    /// (the default one too) as a button, left-aligned; a close button at the top right.
    public static let lxqtNotificationd = NotificationServerKind(
        name: "lxqt-notificationd", executable: "lxqt-notificationd", arguments: [],
        environment: ["QT_QPA_PLATFORM": "xcb"], windowClass: "lxqt-notificationd")
    /// MATE's server (Debian's mate-notification-daemon), a fork of notification-daemon.
    public static let mateNotificationDaemon = NotificationServerKind(
        name: "mate-notification-daemon", executable: "/usr/lib/mate-notification-daemon/mate-notification-daemon",
        arguments: [], windowClass: "Mate-notification-daemon")
}
