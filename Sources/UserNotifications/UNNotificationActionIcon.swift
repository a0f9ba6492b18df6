/// An icon for a notification button: an SF Symbol or one of the app's images.
///
/// Sent as a freedesktop icon name where the server has `action-icons` and every button of
/// the notification has one: a template image name as it is (install an icon of that name in
/// the icon theme), an SF Symbol as the freedesktop icon that means the same
/// (``SymbolIconNames``) — a symbol without one leaves the button its label alone.
public final class UNNotificationActionIcon: NSObject, NSCopying, Sendable {
    /// What the app named.
    enum Source: Sendable, Hashable {
        case system(String)
        case template(String)
    }

    /// What the app named.
    let source: Source

    /// An SF Symbol, e.g. `trash` (sent as `edit-delete`).
    public init(systemImageName: String) {
        source = .system(systemImageName)
        super.init()
    }

    /// One of the app's images: sent as a freedesktop icon name as it is.
    public init(templateImageName: String) {
        source = .template(templateImageName)
        super.init()
    }

    /// The freedesktop icon name sent for it; nil for an SF Symbol that has none.
    var freedesktopName: String? {
        switch source {
        case .system(let name): SymbolIconNames.freedesktopName(forSymbol: name)
        case .template(let name): name.isEmpty ? nil : name
        }
    }

    /// Itself: an icon does not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` names the same image the same way.
    public override func isEqual(_ object: Any?) -> Bool { (object as? UNNotificationActionIcon)?.source == source }

    public override var hash: Int { source.hashValue }
}
