import DBus
import UserNotificationsCore

/// Who a Center1 caller is, as far as acting for app ids goes. The session bus is the
/// user's own, so the user's unsandboxed programs are trusted for every app id (they could
/// write the state database anyway); a Flatpak app or a snap only for its own app ids; a
/// program of another user, or a caller that cannot be told, for none.
enum CallerIdentity: Sendable, Hashable, CustomStringConvertible {
    /// A program of the daemon's own user outside any sandbox.
    case user
    /// A Flatpak app: its Flatpak id is its app id.
    case flatpak(appID: String)
    /// A snap, by instance name: its app id is `snap.<name>` (as xdg-desktop-portal names
    /// snaps), and ids under it (`snap.<name>.<anything>`) are its too.
    case snap(name: String)
    /// A program running as another user than the daemon.
    case otherUser(uid: UInt32, ownUID: UInt32)
    /// A caller whose process or sandbox could not be read.
    case unidentified(reason: String)

    /// Identifies a caller from its bus credentials, the way xdg-desktop-portal does:
    /// another uid is another user; for the same uid, a `/.flatpak-info` in the process's
    /// root makes it a Flatpak app, else a `snap.…` control group a snap, else the user.
    static func identify(_ credentials: Bus.Credentials, ownUID: UInt32, proc: String = "/proc") -> CallerIdentity {
        guard let uid = credentials.userID else { return .unidentified(reason: "the bus does not know its user id") }
        guard uid == ownUID else { return .otherUser(uid: uid, ownUID: ownUID) }
        guard let pid = credentials.processID else { return .unidentified(reason: "the bus does not know its process id") }
        switch FlatpakInfo.read(pid: pid, proc: proc) {
        case .app(let id): return .flatpak(appID: id)
        case .unreadable(let reason): return .unidentified(reason: reason)
        case .notFlatpak: break
        }
        switch SnapCgroup.read(pid: pid, proc: proc) {
        case .snap(let name): return .snap(name: name)
        case .unreadable(let reason): return .unidentified(reason: reason)
        case .notSnap: return .user
        }
    }

    /// Whether the caller may act for `app`: post, schedule, read and remove its
    /// notifications, set its categories, badge and handler.
    func mayAct(for app: AppID) -> Bool {
        switch self {
        case .user: true
        case .flatpak(let id): app.rawValue == id
        case .snap(let name): app.rawValue == "snap.\(name)" || app.rawValue.hasPrefix("snap.\(name).")
        case .otherUser, .unidentified: false
        }
    }

    /// Whether the caller is confined by a sandbox: the daemon never runs a program for it,
    /// since that program would run outside the sandbox.
    var isSandboxed: Bool {
        switch self {
        case .flatpak, .snap: true
        case .user, .otherUser, .unidentified: false
        }
    }

    /// The only directory a sandboxed caller's attachments may come from: its own data in the
    /// user's home, which is the same path inside and outside its sandbox (Flatpak's
    /// `~/.var/app/<id>`, snapd's `~/snap/<name>`); nil for anywhere.
    func attachmentDirectory(home: String) -> String? {
        switch self {
        case .flatpak(let id): "\(home)/.var/app/\(id)"
        case .snap(let name): "\(home)/snap/\(name)"
        case .user, .otherUser, .unidentified: nil
        }
    }

    /// The caller in words, e.g. "the Flatpak app org.example.Notes".
    var description: String {
        switch self {
        case .user: "a program of this user"
        case .flatpak(let id): "the Flatpak app \(id)"
        case .snap(let name): "the snap \(name)"
        case .otherUser(let uid, _): "a program of uid \(uid)"
        case .unidentified(let reason): "a caller that cannot be identified (\(reason))"
        }
    }

    /// The `AccessDenied` error for acting for `app` (nil: for any app id at all), saying who may.
    func denial(for app: AppID?) -> DBusError {
        let message = switch self {
        case .otherUser(let uid, let own):
            "this usernoted serves uid \(own) only, and the caller runs as uid \(uid); each user runs their own usernoted on their own session bus"
        case .unidentified(let reason):
            "cannot tell which app the caller is (\(reason)), so it may act for no app id"
        case .flatpak(let id):
            "the caller is the Flatpak app \(id); it may act only for its own app id, \(id), not for \(app?.rawValue ?? "others")"
        case .snap(let name):
            "the caller is the snap \(name); it may act only for its own app ids, snap.\(name) and snap.\(name).*, not for \(app?.rawValue ?? "others")"
        case .user:
            "the caller may act for any app id"
        }
        return DBusError(.accessDenied, message)
    }

    /// The `AccessDenied` error for a sandboxed caller changing its settings.
    func settingsDenial() -> DBusError {
        DBusError(.accessDenied, "\(description) may read its settings (GetSettings), never change them: they are the user's (usernotectl apps set)")
    }

    /// The `AccessDenied` error for a sandboxed caller asking for a program (an exec handler, a service extension).
    func execDenial() -> DBusError {
        DBusError(.accessDenied, "\(description) may not have usernoted run a program for it (an exec handler, a service extension): the program would run outside its sandbox; serve io.github.usernoted.Handler1 and call RegisterHandler instead")
    }
}
