import UserNotificationsCore

extension NotificationRequest {
    /// What the notification shows while previews are hidden (the screen is locked, or the
    /// user hides them always), as on Apple platforms: the body becomes the category's
    /// `hiddenPreviewsBodyPlaceholder` (else "Notification"); the title and subtitle stay only
    /// with the category's `hiddenPreviewsShowTitle` / `hiddenPreviewsShowSubtitle` options.
    /// Its images go too (an attachment; a portal notification's icon, the sender's face).
    func hidingPreview(category: NotificationCategory?) -> NotificationRequest {
        var hidden = self
        let options = category?.options ?? []
        if !options.contains(.hiddenPreviewsShowTitle) { hidden.content.title = "" }
        if !options.contains(.hiddenPreviewsShowSubtitle) { hidden.content.subtitle = "" }
        hidden.content.body = category?.hiddenPreviewsBodyPlaceholder ?? "Notification"
        hidden.content.attachments = []
        var hints = ServerHints(of: self)
        (hints.markupBody, hints.image) = (nil, nil)
        return hidden.carrying(hints)
    }
}
