/// The freedesktop icon names (Icon Naming Specification) of the SF Symbols that have an
/// obvious one, for action icons; a symbol's `.fill` and `.circle` variants map as the symbol.
enum SymbolIconNames {
    /// SF Symbol → freedesktop icon name.
    static let freedesktop: [String: String] = [
        "trash": "edit-delete",
        "xmark": "window-close",
        "checkmark": "object-select",
        "plus": "list-add",
        "minus": "list-remove",
        "pencil": "document-edit",
        "square.and.pencil": "document-edit",
        "doc.on.doc": "edit-copy",
        "square.and.arrow.down": "document-save",
        "square.and.arrow.up": "document-send",
        "folder": "folder",
        "magnifyingglass": "edit-find",
        "arrow.clockwise": "view-refresh",
        "arrow.uturn.backward": "edit-undo",
        "arrow.uturn.forward": "edit-redo",
        "arrowshape.turn.up.left": "mail-reply-sender",
        "arrowshape.turn.up.left.2": "mail-reply-all",
        "arrowshape.turn.up.right": "mail-forward",
        "paperplane": "mail-send",
        "envelope": "mail-message-new",
        "envelope.open": "mail-mark-read",
        "flag": "mail-mark-important",
        "star": "starred",
        "bookmark": "bookmark-new",
        "play": "media-playback-start",
        "pause": "media-playback-pause",
        "stop": "media-playback-stop",
        "forward": "media-seek-forward",
        "backward": "media-seek-backward",
        "phone": "call-start",
        "phone.down": "call-stop",
        "calendar": "x-office-calendar",
        "calendar.badge.plus": "appointment-new",
        "person.badge.plus": "contact-new",
        "gear": "preferences-system",
        "info": "dialog-information",
        "exclamationmark.triangle": "dialog-warning",
        "speaker.slash": "audio-volume-muted",
        "bell.slash": "notifications-disabled",
        "lock": "system-lock-screen",
        "safari": "web-browser",
        "link": "insert-link",
        "photo": "image-x-generic",
    ]

    /// Variant suffixes that name the same symbol drawn another way.
    static let variants = [".fill", ".circle", ".square"]

    /// The freedesktop icon name of `symbol` or of the symbol it is a variant of; nil when there is none.
    static func freedesktopName(forSymbol symbol: String) -> String? {
        var name = symbol
        while true {
            if let found = freedesktop[name] { return found }
            guard let suffix = variants.first(where: { name.hasSuffix($0) && name.count > $0.count }) else { return nil }
            name.removeLast(suffix.count)
        }
    }
}
