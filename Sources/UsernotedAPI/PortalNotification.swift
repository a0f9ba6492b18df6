import DBus

/// `org.freedesktop.impl.portal.Notification` version 2, the backend interface
/// xdg-desktop-portal hands sandboxed (and registered host) apps' notifications to, as its
/// `data/org.freedesktop.impl.portal.Notification.xml` declares it (1.20+), declared once.
/// usernoted serves it under ``busName``; `portals.conf` chooses it (docs/portal.md).
public enum PortalNotification {
    /// The name the `usernoted.portal` file gives as `DBusName`.
    public static let busName = "org.freedesktop.impl.portal.desktop.usernoted"
    public static let path: ObjectPath = "/org/freedesktop/portal/desktop"
    public static let interface = "org.freedesktop.impl.portal.Notification"
    /// The portal frontend's name: the only caller whose `app_id` is believed.
    public static let frontendName = "org.freedesktop.portal.Desktop"
    /// The interface version served.
    public static let version: UInt32 = 2

    /// Shows `notification` (the frontend's checked `a{sv}`) of `app_id` as `id`; the same id
    /// replaces it (in place, or anew with the `show-as-new` display hint).
    public static let addNotification = MethodDeclaration<String, String, [String: Value], NoReply>(
        "AddNotification", in: "app_id", "id", "notification")
    /// Withdraws the notification `id` of `app_id`; an unknown id is ignored.
    public static let removeNotification = MethodDeclaration<String, String, NoReply>(
        "RemoveNotification", in: "app_id", "id")
    /// A non-exported action was taken: `parameter` is the button's target (if it has one),
    /// the platform data (`activation-token`), and the user's typed reply (if any), in order.
    public static let actionInvoked = SignalDeclaration<String, String, String, [Value]>(
        "ActionInvoked", "app_id", "id", "action", "parameter")
}
