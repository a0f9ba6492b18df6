import DBus
import UserNotificationsCore

/// Where an app's responses go.
enum HandlerTarget: Sendable, Hashable {
    /// An object serving `io.github.usernoted.Handler1`. `name` is the app id when the app
    /// registered while owning it (it survives app restarts, and D-Bus activation can start
    /// the app), else the caller's unique name (gone for good when that connection closes).
    case bus(name: String, path: ObjectPath)
    /// A program run once per response (argv, never a shell).
    case exec(argv: [String])
    /// An app that registered nothing: `org.freedesktop.Application.ActivateAction` on its
    /// app id (as GApplication apps serve it), which D-Bus activation can start.
    case application(AppID)

    /// Whether the target is tied to one connection's unique name.
    var isUniqueName: Bool {
        if case .bus(let name, _) = self { return name.hasPrefix(":") }
        return false
    }
}
