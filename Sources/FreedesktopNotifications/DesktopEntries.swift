import CGIO
import CLoadOnUse
import Glibc
import Synchronization
import UserNotificationsCore

/// An app's name and icon, as its desktop file gives them, and the gettext domain it names.
public struct AppIdentity: Sendable, Hashable {
    /// `Name`, in the user's language.
    public var name: String
    /// `Icon`: a theme icon's name, or a `file://` URI.
    public var icon: String
    /// `X-GNOME-Gettext-Domain`: the gettext text domain the app's texts are translated from.
    public var textDomain: String?

    public init(name: String, icon: String, textDomain: String? = nil) {
        self.name = name
        self.icon = icon
        self.textDomain = textDomain
    }
}

/// Apps' desktop files (`<app id>.desktop` under `applications/` of the XDG data dirs, where
/// Flatpak exports its apps' too), read with GIO's `GDesktopAppInfo`, the desktop's own
/// reader: what a server shows as the app's name and icon. A lookup is kept for ``recheck``;
/// after that the file's modification time is compared (one `stat`), and an app that had no
/// file is looked up again, so an installed, changed or removed file is seen within seconds.
public final class DesktopEntries: Sendable {
    /// How long a lookup is used without looking at the file again.
    public static let recheck: Duration = .seconds(2)

    private struct Entry {
        var identity: AppIdentity?
        var file: String?
        var modified: timespec?
        var checked: ContinuousClock.Instant
    }

    private let entries = Mutex<[AppID: Entry]>([:])

    public init() {}

    /// The name and icon of `app`'s desktop file; nil when it has none (or no `Name`).
    public func identity(of app: AppID) -> AppIdentity? {
        let now = ContinuousClock.now
        let kept = entries.withLock { $0[app] }
        if let kept, now - kept.checked < Self.recheck { return kept.identity }
        if let kept, let file = kept.file, let modified = Self.modified(file), Self.same(modified, kept.modified) {
            entries.withLock { $0[app]?.checked = now }
            return kept.identity
        }
        let found = Self.lookUp(app)
        entries.withLock {
            $0[app] = Entry(identity: found?.identity, file: found?.file, modified: found.flatMap { Self.modified($0.file) }, checked: now)
        }
        return found?.identity
    }

    /// `app`'s desktop file through GIO: its identity and path.
    private static func lookUp(_ app: AppID) -> (identity: AppIdentity, file: String)? {
        guard load_on_use(load_on_use_gio) == nil,  // no GIO: no app is known by its desktop file
              let info = g_desktop_app_info_new(app.rawValue + ".desktop") else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        guard let name = g_app_info_get_name(info), let file = g_desktop_app_info_get_filename(info) else { return nil }
        var icon = ""
        if let gicon = g_app_info_get_icon(info), let text = g_icon_to_string(gicon) {
            icon = String(cString: text)
            g_free(text)
            if icon.hasPrefix("/") { icon = "file://" + icon }
        }
        var domain: String?
        if let text = g_desktop_app_info_get_string(info, "X-GNOME-Gettext-Domain") {
            domain = String(cString: text)
            g_free(text)
        }
        return (AppIdentity(name: String(cString: name), icon: icon, textDomain: domain), String(cString: file))
    }

    /// The file's modification time; nil when it is gone.
    private static func modified(_ path: String) -> timespec? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mtim : nil
    }

    private static func same(_ a: timespec, _ b: timespec?) -> Bool {
        guard let b else { return false }
        return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec
    }
}
