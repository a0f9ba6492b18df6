/// The rules a category set and a request must meet before the daemon accepts them.
///
/// Shape errors (unknown keys, wrong types, unknown option names) are caught earlier, by
/// decoding. Whether a request's category exists is the daemon's check, not this one.
public enum Validation {
    /// Checks a whole category set as passed to `SetCategories`; paths start at `categories`.
    public static func validate(categories: [NotificationCategory], limits: Limits = .default) throws(ModelError) {
        let root = "categories"
        if categories.count > limits.categoriesPerApp {
            throw ModelError(.limitExceeded, root: root,
                             "\(categories.count) categories; the limit is \(limits.categoriesPerApp) per app (categoriesPerApp)")
        }
        var seen: [String: Int] = [:]
        for (index, category) in categories.enumerated() {
            do {
                try validate(category: category, limits: limits)
            } catch {
                throw error.nested(under: [.index(index)]).rooted(at: root)
            }
            if let first = seen[category.identifier] {
                throw ModelError(.invalidCategory, at: [.index(index), .key("identifier")], root: root,
                                 "'\(category.identifier)' is already used by categories[\(first)]; category identifiers must be unique")
            }
            seen[category.identifier] = index
        }
    }

    /// Checks one category; paths are relative to it (`actions[1].title`).
    public static func validate(category: NotificationCategory, limits: Limits = .default) throws(ModelError) {
        if category.identifier.isEmpty {
            throw ModelError(.invalidCategory, at: [.key("identifier")],
                             "is empty; give the category a name for content to use as categoryIdentifier")
        }
        try checkText(category.identifier, limits.identifierLength, "identifierLength", at: [.key("identifier")], invalid: .invalidCategory)
        for (index, intent) in category.intentIdentifiers.enumerated() {
            try checkText(intent, limits.identifierLength, "identifierLength", at: [.key("intentIdentifiers"), .index(index)], invalid: .invalidCategory)
        }
        if let placeholder = category.hiddenPreviewsBodyPlaceholder {
            try checkText(placeholder, limits.bodyLength, "bodyLength", at: [.key("hiddenPreviewsBodyPlaceholder")], invalid: .invalidCategory)
        }
        try checkText(category.categorySummaryFormat, limits.titleLength, "titleLength", at: [.key("categorySummaryFormat")], invalid: .invalidCategory)
        if let problem = SummaryFormat.problem(in: category.categorySummaryFormat) {
            throw ModelError(.invalidCategory, at: [.key("categorySummaryFormat")], problem)
        }
        if category.actions.count > limits.actionsPerCategory {
            throw ModelError(.limitExceeded, at: [.key("actions")],
                             "\(category.actions.count) actions; the limit is \(limits.actionsPerCategory) per category (actionsPerCategory)")
        }
        var seen: [String: Int] = [:]
        var textInput: Int?
        for (index, action) in category.actions.enumerated() {
            let path: [PathComponent] = [.key("actions"), .index(index)]
            try validate(action: action, limits: limits, at: path)
            if let first = seen[action.identifier] {
                throw ModelError(.invalidCategory, at: path + [.key("identifier")],
                                 "'\(action.identifier)' is already used by actions[\(first)]; action identifiers must be unique within a category")
            }
            seen[action.identifier] = index
            if action.isTextInput {
                if let first = textInput {
                    throw ModelError(.invalidCategory, at: path,
                                     "'\(action.identifier)' is a second text-input action (actions[\(first)] is one); a category may have at most one, because freedesktop servers offer a single inline reply per notification")
                }
                textInput = index
            }
        }
        try validate(minimalActions: category.minimalActions, of: category, limits: limits)
    }

    /// The most actions a category may name in `minimalActions` (Apple's `.minimal` context shows two).
    public static let minimalActionsLimit = 2

    /// Checks `minimalActions`: at most two, each the identifier of one of the category's actions, once.
    static func validate(minimalActions: [String], of category: NotificationCategory, limits: Limits) throws(ModelError) {
        if minimalActions.count > minimalActionsLimit {
            throw ModelError(.invalidCategory, at: [.key("minimalActions")],
                             "names \(minimalActions.count) actions; name at most \(minimalActionsLimit), the ones to show where a server has room for few buttons")
        }
        for (index, identifier) in minimalActions.enumerated() {
            let path: [PathComponent] = [.key("minimalActions"), .index(index)]
            try checkText(identifier, limits.identifierLength, "identifierLength", at: path, invalid: .invalidCategory)
            if category.action(withIdentifier: identifier) == nil {
                let known = category.actions.map { "'\($0.identifier)'" }.joined(separator: ", ")
                throw ModelError(.invalidCategory, at: path,
                                 "'\(identifier)' is not one of the category's actions (\(known.isEmpty ? "it has none" : known)); name an action's identifier")
            }
            if minimalActions[..<index].contains(identifier) {
                throw ModelError(.invalidCategory, at: path, "'\(identifier)' is named twice; name each action once")
            }
        }
    }

    /// Checks a request as passed to `Add`; an empty identifier is allowed (the daemon assigns one).
    public static func validate(request: NotificationRequest, limits: Limits = .default) throws(ModelError) {
        try checkText(request.identifier, limits.identifierLength, "identifierLength", at: [.key("identifier")], invalid: .invalidRequest)
        do {
            try validate(content: request.content, limits: limits)
        } catch {
            throw error.nested(under: [.key("content")])
        }
        if let trigger = request.trigger {
            do {
                try validate(trigger: trigger, limits: limits)
            } catch {
                throw error.nested(under: [.key("trigger")])
            }
        }
    }

    /// Checks content; paths are relative to it (`title`, `userInfo`).
    public static func validate(content: NotificationContent, limits: Limits = .default) throws(ModelError) {
        try checkText(content.title, limits.titleLength, "titleLength", at: [.key("title")], invalid: .invalidRequest)
        try checkText(content.subtitle, limits.titleLength, "titleLength", at: [.key("subtitle")], invalid: .invalidRequest)
        try checkText(content.body, limits.bodyLength, "bodyLength", at: [.key("body")], invalid: .invalidRequest)
        try checkText(content.categoryIdentifier, limits.identifierLength, "identifierLength", at: [.key("categoryIdentifier")], invalid: .invalidRequest)
        try checkText(content.threadIdentifier, limits.identifierLength, "identifierLength", at: [.key("threadIdentifier")], invalid: .invalidRequest)
        if let target = content.targetContentIdentifier {
            try checkText(target, limits.identifierLength, "identifierLength", at: [.key("targetContentIdentifier")], invalid: .invalidRequest)
        }
        if let sound = content.sound {
            if sound.isEmpty {
                throw ModelError(.invalidRequest, at: [.key("sound")],
                                 "is empty; use \"default\", a sound name from the sound theme (e.g. \"message-new-instant\"), or leave it out for silence")
            }
            try checkText(sound, limits.identifierLength, "identifierLength", at: [.key("sound")], invalid: .invalidRequest)
        }
        if let badge = content.badge, badge < 0 {
            throw ModelError(.invalidRequest, at: [.key("badge")], "is \(badge); a badge count must be 0 or more")
        }
        if let score = content.relevanceScore, !(0...1).contains(score) {
            throw ModelError(.invalidRequest, at: [.key("relevanceScore")], "is \(score); a relevance score is from 0 to 1")
        }
        try checkText(content.summaryArgument, limits.titleLength, "titleLength", at: [.key("summaryArgument")], invalid: .invalidRequest)
        if content.summaryArgumentCount < 1 {
            throw ModelError(.invalidRequest, at: [.key("summaryArgumentCount")],
                             "is \(content.summaryArgumentCount); it is how many items the notification stands for, at least 1 (leave it out for 1)")
        }
        try validate(attachments: content.attachments, limits: limits)
        if content.userInfo[NotificationContent.serverHintsKey] != nil {
            throw ModelError(.invalidRequest, at: [.key("userInfo"), .key(NotificationContent.serverHintsKey)],
                             "is usernoted's own key (what the Notification portal asks of the notification server); name yours otherwise")
        }
        if !content.userInfo.isEmpty {
            let size = ModelJSON.encode(content.userInfo).utf8.count
            if size > limits.userInfoBytes {
                throw ModelError(.limitExceeded, at: [.key("userInfo")],
                                 "is \(size) bytes as JSON; the limit is \(limits.userInfoBytes) (userInfoBytes)")
            }
        }
    }

    /// Checks the shape of attachments: unique identifiers, `file://` URLs of images. Whether
    /// the files may be shown is the daemon's check.
    static func validate(attachments: [NotificationAttachment], limits: Limits) throws(ModelError) {
        var seen: [String: Int] = [:]
        for (index, attachment) in attachments.enumerated() {
            let path: [PathComponent] = [.key("attachments"), .index(index)]
            try checkText(attachment.identifier, limits.identifierLength, "identifierLength", at: path + [.key("identifier")], invalid: .invalidRequest)
            if !attachment.identifier.isEmpty {
                if let first = seen[attachment.identifier] {
                    throw ModelError(.invalidRequest, at: path + [.key("identifier")],
                                     "'\(attachment.identifier)' is already used by attachments[\(first)]; attachment identifiers must be unique")
                }
                seen[attachment.identifier] = index
            }
            guard attachment.path != nil else {
                throw ModelError(.invalidRequest, at: path + [.key("url")],
                                 "'\(attachment.url)' is not a file:// URL of a local file; attachments are files on this machine, e.g. file:///home/me/Pictures/cat.png")
            }
            guard attachment.isImage else {
                throw ModelError(.invalidRequest, at: path + [.key("url")],
                                 "'\(attachment.url)' is not an image notification servers can show; use a file ending in "
                                    + NotificationAttachment.imageExtensions.map { ".\($0)" }.joined(separator: ", "))
            }
        }
    }

    /// Checks one action at `path` (identifier, reserved ids, title, lengths).
    static func validate(action: NotificationAction, limits: Limits, at path: [PathComponent]) throws(ModelError) {
        if action.identifier.isEmpty {
            throw ModelError(.invalidCategory, at: path + [.key("identifier")],
                             "is empty; give the action a name, it is the actionIdentifier of the response")
        }
        if NotificationAction.reservedIdentifiers.contains(action.identifier) {
            throw ModelError(.invalidCategory, at: path + [.key("identifier")],
                             "'\(action.identifier)' is reserved: \(reservedReason(action.identifier)); choose another identifier")
        }
        try checkText(action.identifier, limits.identifierLength, "identifierLength", at: path + [.key("identifier")], invalid: .invalidCategory)
        if action.title.isEmpty {
            throw ModelError(.invalidCategory, at: path + [.key("title")],
                             "is empty; an action needs a title to show on its button")
        }
        try checkText(action.title, limits.titleLength, "titleLength", at: path + [.key("title")], invalid: .invalidCategory)
        if let input = action.textInput {
            try checkText(input.buttonTitle, limits.titleLength, "titleLength", at: path + [.key("textInputButtonTitle")], invalid: .invalidCategory)
            try checkText(input.placeholder, limits.titleLength, "titleLength", at: path + [.key("textInputPlaceholder")], invalid: .invalidCategory)
            try validate(suggestions: input.suggestions, limits: limits, at: path + [.key("suggestions")])
        }
    }

    /// Checks a text-input action's suggestions: each a non-empty, unique button label of at
    /// most `titleLength` characters; no more than `actionsPerCategory` of them (each is a button).
    static func validate(suggestions: [String], limits: Limits, at path: [PathComponent]) throws(ModelError) {
        if suggestions.count > limits.actionsPerCategory {
            throw ModelError(.limitExceeded, at: path,
                             "\(suggestions.count) suggestions; the limit is \(limits.actionsPerCategory) (actionsPerCategory), as each becomes a button")
        }
        for (index, suggestion) in suggestions.enumerated() {
            if suggestion.isEmpty {
                throw ModelError(.invalidCategory, at: path + [.index(index)],
                                 "is empty; a suggestion is the text of a ready answer, shown on its button")
            }
            try checkText(suggestion, limits.titleLength, "titleLength", at: path + [.index(index)], invalid: .invalidCategory)
            if let first = suggestions[..<index].firstIndex(of: suggestion) {
                throw ModelError(.invalidCategory, at: path + [.index(index)],
                                 "'\(suggestion)' is already suggestions[\(first)]; each suggestion must differ")
            }
        }
    }

    /// Why an action identifier is reserved, for messages.
    static func reservedReason(_ identifier: String) -> String {
        switch identifier {
        case NotificationResponse.defaultActionIdentifier: "it is the action identifier of a click on the notification body"
        case NotificationResponse.dismissActionIdentifier: "it is the action identifier of a dismissal by the user"
        default: "it is the action key the freedesktop inline-reply extension (KDE) uses for the reply field"
        }
    }

    /// Throws `invalid` when `text` holds a NUL character — it goes to the notification server
    /// or back to the caller as a D-Bus string, which cannot carry one, so the call would fail
    /// there — and `LimitExceeded` when it has more than `limit` Unicode scalars.
    static func checkText(
        _ text: String, _ limit: Int, _ limitName: String, at path: [PathComponent], invalid: ErrorName
    ) throws(ModelError) {
        // In the string's UTF-8 bytes as one buffer: byte by byte through `utf8` costs about
        // 30 instructions a byte.
        if text.utf8.withContiguousStorageIfAvailable({ $0.contains(0) }) ?? text.utf8.contains(0) {
            throw ModelError(invalid, at: path, "contains a NUL character (\\u0000), which D-Bus strings cannot carry; remove it")
        }
        guard text.utf8.count > limit else { return }  // scalars never outnumber bytes
        let length = text.unicodeScalars.count
        if length > limit {
            throw ModelError(.limitExceeded, at: path, "is \(length) characters long; the limit is \(limit) (\(limitName))")
        }
    }
}

extension NotificationCategory {
    /// Checks this category (see ``Validation/validate(category:limits:)``).
    public func validate(limits: Limits = .default) throws(ModelError) {
        try Validation.validate(category: self, limits: limits)
    }
}

extension NotificationRequest {
    /// Checks this request (see ``Validation/validate(request:limits:)``).
    public func validate(limits: Limits = .default) throws(ModelError) {
        try Validation.validate(request: self, limits: limits)
    }
}
