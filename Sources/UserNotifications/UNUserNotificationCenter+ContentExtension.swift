extension UNUserNotificationCenter {
    /// Whether content extensions work here: yes, without a view (see ``setContentExtension(_:forCategories:)``).
    public var supportsContentExtensions: Bool { true }

    /// Lets `contentExtension` handle the custom actions of notifications whose category is one
    /// of `categoryIdentifiers` (what an extension's `UNNotificationExtensionCategory` declares
    /// on Apple platforms), replacing any extension set before for those categories (Linux only).
    ///
    /// The center keeps the extension. Like setting ``delegate``, this serves
    /// `io.github.usernoted.Handler1` and registers it with usernoted, after the calls made before it.
    public func setContentExtension(
        _ contentExtension: any UNNotificationContentExtension, forCategories categoryIdentifiers: Set<String>
    ) {
        let box = ContentExtensionBox(contentExtension)
        delegateState.withLock { state in
            for category in categoryIdentifiers { state.contentExtensions[category] = box }
        }
        registerHandlerInOrder()
    }

    /// The extension that handles `response`: one set for its category, if the user chose one
    /// of the category's custom actions (not a click on the body, not a dismissal).
    func contentExtension(for response: UNNotificationResponse) -> (any UNNotificationContentExtension)? {
        let systemActions = [UNNotificationDefaultActionIdentifier, UNNotificationDismissActionIdentifier]
        guard !systemActions.contains(response.actionIdentifier) else { return nil }
        let category = response.notification.request.content.categoryIdentifier
        return delegateState.withLock { $0.contentExtensions[category] }?.contentExtension
    }
}
