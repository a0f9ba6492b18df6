/// The user's settings for one app, after Apple's `UNNotificationSettings`: whether it may
/// notify at all (`authorizationStatus`) and how. JSON: the field names below; an update
/// (``AppSettings/Update``) gives any subset of them.
public struct AppSettings: Sendable, Hashable, Encodable {
    /// Whether the app may post: `authorized`, `denied` (its posts are refused), or
    /// `provisional` (delivered quietly, as `passive`).
    public enum AuthorizationStatus: String, Sendable, Hashable, Codable, CaseIterable {
        case authorized, denied, provisional
    }

    /// When the body is shown: `always`, `whenUnlocked` or `never`.
    public enum ShowPreviews: String, Sendable, Hashable, Codable, CaseIterable {
        case always, whenUnlocked, never
    }

    public var authorizationStatus: AuthorizationStatus = .authorized
    /// Shown on screen (a banner); off: kept in the list only.
    public var alert = true
    /// Its sounds are played; off: no sound hint is sent.
    public var sound = true
    /// Its badge counts are shown.
    public var badge = true
    /// Shown while the session is locked.
    public var lockScreen = true
    /// `timeSensitive` notifications break through Focus.
    public var timeSensitive = true
    /// `critical` notifications are shown as critical.
    public var criticalAlert = true
    public var showPreviews: ShowPreviews = .whenUnlocked
    /// Gathered into the scheduled summary.
    public var summary = false
    /// The gettext text domain whose catalog translates the app's localized alerts (`loc-key` …);
    /// nil: the one its desktop file names (`X-GNOME-Gettext-Domain`), else the app id.
    public var textDomain: String?
    /// The directory holding that catalog (`<dir>/<language>/LC_MESSAGES/<domain>.mo`); nil: the
    /// C library's, `/usr/share/locale`.
    public var localeDirectory: String?

    /// The settings of an app the user has not changed: authorized, everything on, previews when unlocked, no summary.
    public init() {}

    /// These settings with `update`'s fields in place of theirs.
    public func applying(_ update: Update) -> AppSettings {
        var settings = self
        if let value = update.authorizationStatus { settings.authorizationStatus = value }
        if let value = update.alert { settings.alert = value }
        if let value = update.sound { settings.sound = value }
        if let value = update.badge { settings.badge = value }
        if let value = update.lockScreen { settings.lockScreen = value }
        if let value = update.timeSensitive { settings.timeSensitive = value }
        if let value = update.criticalAlert { settings.criticalAlert = value }
        if let value = update.showPreviews { settings.showPreviews = value }
        if let value = update.summary { settings.summary = value }
        if let value = update.textDomain { settings.textDomain = value.isEmpty ? nil : value }
        if let value = update.localeDirectory { settings.localeDirectory = value.isEmpty ? nil : value }
        return settings
    }

    /// A change of some fields, as `SetSettings` takes it: the fields it leaves out stay; an
    /// empty `textDomain` or `localeDirectory` goes back to the default.
    public struct Update: Sendable, Hashable, Codable {
        public var authorizationStatus: AuthorizationStatus?
        public var alert, sound, badge, lockScreen, timeSensitive, criticalAlert: Bool?
        public var showPreviews: ShowPreviews?
        public var summary: Bool?
        public var textDomain, localeDirectory: String?

        /// An update of the fields given.
        public init(
            authorizationStatus: AuthorizationStatus? = nil, alert: Bool? = nil, sound: Bool? = nil, badge: Bool? = nil,
            lockScreen: Bool? = nil, timeSensitive: Bool? = nil, criticalAlert: Bool? = nil,
            showPreviews: ShowPreviews? = nil, summary: Bool? = nil, textDomain: String? = nil, localeDirectory: String? = nil
        ) {
            self.authorizationStatus = authorizationStatus
            self.alert = alert
            self.sound = sound
            self.badge = badge
            self.lockScreen = lockScreen
            self.timeSensitive = timeSensitive
            self.criticalAlert = criticalAlert
            self.showPreviews = showPreviews
            self.summary = summary
            self.textDomain = textDomain
            self.localeDirectory = localeDirectory
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case authorizationStatus, alert, sound, badge, lockScreen, timeSensitive, criticalAlert, showPreviews, summary
            case textDomain, localeDirectory
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "settings")
            authorizationStatus = try c.decodeIfPresent(AuthorizationStatus.self, forKey: .authorizationStatus)
            alert = try c.decodeIfPresent(Bool.self, forKey: .alert)
            sound = try c.decodeIfPresent(Bool.self, forKey: .sound)
            badge = try c.decodeIfPresent(Bool.self, forKey: .badge)
            lockScreen = try c.decodeIfPresent(Bool.self, forKey: .lockScreen)
            timeSensitive = try c.decodeIfPresent(Bool.self, forKey: .timeSensitive)
            criticalAlert = try c.decodeIfPresent(Bool.self, forKey: .criticalAlert)
            showPreviews = try c.decodeIfPresent(ShowPreviews.self, forKey: .showPreviews)
            summary = try c.decodeIfPresent(Bool.self, forKey: .summary)
            textDomain = try c.decodeIfPresent(String.self, forKey: .textDomain)
            localeDirectory = try c.decodeIfPresent(String.self, forKey: .localeDirectory)
            if let textDomain, !textDomain.isEmpty, !Self.isTextDomain(textDomain) {
                throw ModelError(.invalidRequest, at: decoder.path(.key("textDomain")),
                                 "'\(textDomain)' is not a text domain (the name of a .mo file without '.mo': no '/', not '.' or '..', at most 255 bytes), e.g. \"org.example.Chat\"")
            }
            if let localeDirectory, !localeDirectory.isEmpty, !localeDirectory.hasPrefix("/") {
                throw ModelError(.invalidRequest, at: decoder.path(.key("localeDirectory")),
                                 "'\(localeDirectory)' is not an absolute path; give the directory that holds <language>/LC_MESSAGES/<domain>.mo, e.g. \"/opt/chat/share/locale\"")
            }
        }

        /// Whether `name` can name a catalog file: gettext opens `<dir>/<language>/LC_MESSAGES/<name>.mo`.
        public static func isTextDomain(_ name: String) -> Bool {
            name.utf8.count <= 255 && name != "." && name != ".." && !name.contains("/")
        }
    }
}

extension ModelJSON {
    /// Decodes a `SetSettings` update (any subset of the settings' fields).
    public static func decodeSettingsUpdate(_ json: String) throws(ModelError) -> AppSettings.Update {
        try decode(AppSettings.Update.self, from: json, root: "settings")
    }

    /// Decodes settings as `GetSettings` answers them (fields left out keep their defaults).
    public static func decodeSettings(_ json: String) throws(ModelError) -> AppSettings {
        AppSettings().applying(try decodeSettingsUpdate(json))
    }

    /// Encodes an update: only the fields it gives.
    public static func encode(_ update: AppSettings.Update) -> String { encodeValue(update) }

    /// Encodes settings, every field.
    public static func encode(_ settings: AppSettings) -> String { encodeValue(settings) }

    /// Encodes several apps' settings as one object keyed by app id.
    public static func encode(_ settings: [AppID: AppSettings]) -> String {
        encodeValue(Dictionary(uniqueKeysWithValues: settings.map { ($0.key.rawValue, $0.value) }))
    }

    /// Decodes several apps' settings (the `GetSettings("")` reply).
    public static func decodeAllSettings(_ json: String) throws(ModelError) -> [String: AppSettings] {
        try decode([String: AppSettings.Update].self, from: json, root: "settings").mapValues { AppSettings().applying($0) }
    }
}
