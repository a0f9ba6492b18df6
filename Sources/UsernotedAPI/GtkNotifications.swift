import DBus

/// `org.gtk.Notifications`, the interface GLib's `GNotification` sends to whenever the name
/// has an owner on the session bus (GNOME Shell on GNOME; usernoted elsewhere), declared once.
/// The notification is GLib's `a{sv}`: `title`, `body`, `priority`, `default-action`,
/// `buttons`, … (the daemon's `GLibNotification` says what each becomes).
public enum GtkNotifications {
    public static let busName = "org.gtk.Notifications"
    public static let path: ObjectPath = "/org/gtk/Notifications"
    public static let interface = "org.gtk.Notifications"

    /// Shows `notification` of `app_id` under `id`; the same id replaces it in place.
    public static let addNotification = MethodDeclaration<String, String, [String: Value], NoReply>(
        "AddNotification", in: "app_id", "id", "notification")
    /// Takes the notification `id` of `app_id` off the screen; an unknown id is ignored.
    public static let removeNotification = MethodDeclaration<String, String, NoReply>(
        "RemoveNotification", in: "app_id", "id")
    /// An action outside the `app.` namespace was taken (GNOME Shell 47+ emits it too):
    /// `parameter` is `[target]` or `[]`, `platform_data` has the `activation-token`.
    /// xdg-desktop-portal-gnome listens for it to answer portal notifications.
    public static let actionInvoked = SignalDeclaration<String, String, String, [Value], [String: Value]>(
        "ActionInvoked", "app_id", "id", "action", "parameter", "platform_data")
}
