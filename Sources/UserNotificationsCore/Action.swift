/// A button on a notification (Apple's `UNNotificationAction`), or a reply field when
/// ``textInput`` is set (Apple's `UNTextInputNotificationAction`).
///
/// JSON: `{"identifier", "title", "options"?: [...], "icon"?, "textInputButtonTitle"?, "textInputPlaceholder"?,
/// "suggestions"?: [...]}`; an action is a text-input action when either text-input key is present.
public struct NotificationAction: Sendable, Hashable, Codable {
    /// What happens around the action (Apple's `UNNotificationActionOptions`).
    public struct Options: NamedOptions, Codable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The app's UI comes to the front (an activation token is passed to the handler).
        public static let foreground = Options(rawValue: 1 << 0)
        /// The action deletes or loses data; shown last and never the primary action.
        public static let destructive = Options(rawValue: 1 << 1)
        /// The response is held while the session is locked.
        public static let authenticationRequired = Options(rawValue: 1 << 2)

        public static let allNamed: [(name: String, option: Options)] = [
            ("foreground", .foreground), ("destructive", .destructive),
            ("authenticationRequired", .authenticationRequired),
        ]
        public static var errorKind: ErrorName { .invalidCategory }
        public static var owner: String { "action" }

        public init(from decoder: any Decoder) throws { self = try Self.decodeNames(from: decoder) }
        public func encode(to encoder: any Encoder) throws { try encodeNames(to: encoder) }
    }

    /// The reply field of a text-input action; flattened into the action in JSON.
    public struct TextInput: Sendable, Hashable, Codable {
        /// The label of the send button (`textInputButtonTitle`).
        public var buttonTitle: String
        /// The hint shown in the empty field (`textInputPlaceholder`).
        public var placeholder: String
        /// Ready answers offered as buttons (watchOS's suggested responses): each answers with its text.
        public var suggestions: [String]

        public init(buttonTitle: String = "", placeholder: String = "", suggestions: [String] = []) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
            self.suggestions = suggestions
        }

        enum CodingKeys: String, CodingKey {
            case buttonTitle = "textInputButtonTitle"
            case placeholder = "textInputPlaceholder"
            case suggestions
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            buttonTitle = try c.decodeIfPresent(String.self, forKey: .buttonTitle) ?? ""
            placeholder = try c.decodeIfPresent(String.self, forKey: .placeholder) ?? ""
            suggestions = try c.decodeIfPresent([String].self, forKey: .suggestions) ?? []
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(buttonTitle, forKey: .buttonTitle)
            try c.encode(placeholder, forKey: .placeholder)
            if !suggestions.isEmpty { try c.encode(suggestions, forKey: .suggestions) }
        }
    }

    /// Identifies the action in responses (`actionIdentifier`); unique within its category.
    public var identifier: String
    /// The button label.
    public var title: String
    /// Foreground, destructive, authentication required.
    public var options: Options
    /// Set for a text-input (reply) action.
    public var textInput: TextInput?
    /// A freedesktop icon name for the button (Apple's `UNNotificationActionIcon`), shown where the server has `action-icons`.
    public var icon: String?

    /// Creates an action; pass `textInput` for a reply action.
    public init(identifier: String, title: String, options: Options = [], textInput: TextInput? = nil, icon: String? = nil) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.textInput = textInput
        self.icon = icon
    }

    /// Creates a text-input action (Apple's `UNTextInputNotificationAction`).
    public static func textInput(
        identifier: String, title: String, options: Options = [],
        textInputButtonTitle: String, textInputPlaceholder: String, suggestions: [String] = [], icon: String? = nil
    ) -> NotificationAction {
        NotificationAction(identifier: identifier, title: title, options: options,
                           textInput: TextInput(buttonTitle: textInputButtonTitle, placeholder: textInputPlaceholder,
                                                suggestions: suggestions), icon: icon)
    }

    /// Whether this is a text-input action.
    public var isTextInput: Bool { textInput != nil }
    /// Whether the action is destructive.
    public var isDestructive: Bool { options.contains(.destructive) }

    /// Action ids apps may not use: `default` and `dismiss` are the response ids for a click
    /// on the body and a dismissal; `inline-reply` is the action key the KDE inline-reply
    /// extension of freedesktop notifications requires for the reply field.
    public static let reservedIdentifiers: Set<String> = ["default", "dismiss", "inline-reply", "background"]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case identifier, title, options, icon, textInputButtonTitle, textInputPlaceholder, suggestions
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "action")
        identifier = try c.decode(String.self, forKey: .identifier)
        title = try c.decode(String.self, forKey: .title)
        options = try c.decodeIfPresent(Options.self, forKey: .options) ?? []
        icon = try c.decodeIfPresent(String.self, forKey: .icon)
        let button = try c.decodeIfPresent(String.self, forKey: .textInputButtonTitle)
        let placeholder = try c.decodeIfPresent(String.self, forKey: .textInputPlaceholder)
        let suggestions = try c.decodeIfPresent([String].self, forKey: .suggestions)
        if button == nil && placeholder == nil {
            if suggestions != nil {
                throw ModelError(.invalidCategory, at: decoder.path(.key(CodingKeys.suggestions.stringValue)),
                                 "is only for text-input actions; add textInputButtonTitle or textInputPlaceholder, or remove suggestions")
            }
            textInput = nil
        } else {
            textInput = TextInput(buttonTitle: button ?? "", placeholder: placeholder ?? "", suggestions: suggestions ?? [])
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(title, forKey: .title)
        try c.encode(options, forKey: .options)
        try c.encodeIfPresent(icon, forKey: .icon)
        if let textInput {
            try c.encode(textInput.buttonTitle, forKey: .textInputButtonTitle)
            try c.encode(textInput.placeholder, forKey: .textInputPlaceholder)
            if !textInput.suggestions.isEmpty { try c.encode(textInput.suggestions, forKey: .suggestions) }
        }
    }
}
