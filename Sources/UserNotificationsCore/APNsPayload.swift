/// An APNs-shaped payload, as `PostPayload` takes it: `aps` says what to show, every other
/// top-level key goes into `userInfo`.
///
/// ```json
/// {"aps": {"alert": {"title": "Weekly Staff Meeting", "body": "Every Tuesday at 2pm"},
///          "category": "MEETING_INVITATION", "badge": 3},
///  "MEETING_ID": "M-1"}
/// ```
///
/// `aps` fields: `alert` (a string, the body, or `{title, subtitle, body, summary-arg,
/// summary-arg-count}`, or the localized `title-loc-key`, `loc-key` … in their place), `category`,
/// `thread-id`, `sound` (a name, or `{critical, name, volume}`), `badge`,
/// `interruption-level` (`passive`, `active`, `time-sensitive`, `critical`),
/// `relevance-score` (0 to 1), `target-content-id`, `mutable-content` (1: the app's service
/// extension may change the content before it is shown) and `content-available` (1: without an
/// alert, a background push for the app's handler). A payload without `alert` may only set the
/// badge, or be a background push. Localized alerts (`title-loc-key`, `subtitle-loc-key`,
/// `loc-key`, each with its `…-loc-args`) are looked up with `translate` (see ``LocalizedText``);
/// Apple's other keys are refused by name.
public struct APNsPayload: Sendable, Hashable {
    /// The notification to show (identifier unassigned); nil when the payload only sets the badge.
    public var request: NotificationRequest?
    /// The app badge count to set; nil leaves it.
    public var badge: Int?
    /// Whether the app's service extension may change the content first (`mutable-content: 1`).
    public var mutableContent: Bool
    /// Whether the app is to be woken (`content-available: 1`); without an alert, a background push.
    public var contentAvailable: Bool
    /// The keys other than `aps`.
    public var userInfo: [String: JSONValue]

    /// Creates a payload's meaning directly.
    public init(
        request: NotificationRequest?, badge: Int?, mutableContent: Bool = false, contentAvailable: Bool = false,
        userInfo: [String: JSONValue] = [:]
    ) {
        self.request = request
        self.badge = badge
        self.mutableContent = mutableContent
        self.contentAvailable = contentAvailable
        self.userInfo = userInfo
    }

    /// Whether it shows nothing and is for the app's handler: `content-available` without an alert.
    public var isBackground: Bool { request == nil && contentAvailable }

    /// What messages call the root of a payload.
    static let root = "payload"

    /// Decodes a `PostPayload` payload and, unless `limits` is nil, validates its request.
    /// Errors read `aps.alert.title: problem`.
    /// A push whose `apns-push-type` is `background` passes `background`: it needs no `content-available`.
    /// `translate` is the app's catalog: a localized alert's key's translation, nil when it has
    /// none (the default, no catalog); the request carries the texts it makes.
    public static func decode(
        _ json: String, limits: Limits? = .default, background: Bool = false, translate: (String) -> String? = { _ in nil }
    ) throws(ModelError) -> APNsPayload {
        var payload = try ModelJSON.decode(Body.self, from: json, root: root).payload
        if let content = payload.request?.content {
            payload.request?.content = payload.localized.applied(to: content, translate: translate)
        }
        if payload.request == nil {
            payload.contentAvailable = payload.contentAvailable || background
            if payload.badge == nil, !payload.contentAvailable { throw nothingToShow(at: [.key("aps")]).rooted(at: root) }
        }
        if let limits, let request = payload.request {
            do {
                try Validation.validate(request: request, limits: limits)
            } catch {
                throw Self.located(error, alertIsText: payload.alertIsText, localized: payload.localized)
            }
        }
        return APNsPayload(
            request: payload.request, badge: payload.badge, mutableContent: payload.mutableContent,
            contentAvailable: payload.contentAvailable, userInfo: payload.userInfo)
    }

    /// Where each content field came from in the payload, for validation errors.
    static let sources: [String: [PathComponent]] = [
        "title": [.key("aps"), .key("alert"), .key("title")],
        "subtitle": [.key("aps"), .key("alert"), .key("subtitle")],
        "body": [.key("aps"), .key("alert"), .key("body")],
        "categoryIdentifier": [.key("aps"), .key("category")],
        "threadIdentifier": [.key("aps"), .key("thread-id")],
        "sound": [.key("aps"), .key("sound")],
        "badge": [.key("aps"), .key("badge")],
        "relevanceScore": [.key("aps"), .key("relevance-score")],
        "targetContentIdentifier": [.key("aps"), .key("target-content-id")],
        "summaryArgument": [.key("aps"), .key("alert"), .key("summary-arg")],
        "summaryArgumentCount": [.key("aps"), .key("alert"), .key("summary-arg-count")],
        "userInfo": [],
    ]

    /// A validation error about the request, moved to the payload field it came from (a
    /// localized text's key when it came from the app's catalog).
    static func located(_ error: ModelError, alertIsText: Bool, localized: LocalizedAlert = LocalizedAlert()) -> ModelError {
        guard error.path.count >= 2, case .key(let field) = error.path[1], var source = sources[field] else {
            return error.rooted(at: root)
        }
        if field == "body", alertIsText { source.removeLast() }
        if let key = localized.sourceKey(of: field) { source[source.count - 1] = .key(key) }
        let problem = field == "userInfo" ? "the keys other than 'aps' (the userInfo) \(error.problem)" : error.problem
        return ModelError(error.kind, at: source + error.path.dropFirst(2), root: root, problem)
    }
}

extension APNsPayload {
    /// Apple's `aps` keys usernoted knows but does not support, and why.
    static let unsupportedApsKeys: [String: String] = [
        "filter-criteria": "Focus filters do not exist here; leave it out",
        "stale-date": "Live Activities are not supported; leave it out",
        "content-state": "Live Activities are not supported; leave it out",
        "timestamp": "Live Activities are not supported; leave it out",
        "event": "Live Activities are not supported; leave it out",
        "dismissal-date": "Live Activities are not supported; leave it out",
        "attributes-type": "Live Activities are not supported; leave it out",
        "attributes": "Live Activities are not supported; leave it out",
    ]

    /// Apple's `alert` keys usernoted does not support, and why.
    static let unsupportedAlertKeys: [String: String] = [
        "action-loc-key": "it titles the View button of iOS's old alerts; here a click on the body opens the app and the category's actions are the buttons (their titles are the category's); leave it out",
        "launch-image": "launch images are not supported (there is no launch screen to replace); leave it out",
    ]

    /// The APNs spellings of the interruption levels.
    static let interruptionLevels: [(String, InterruptionLevel)] = [
        ("passive", .passive), ("active", .active), ("time-sensitive", .timeSensitive), ("critical", .critical),
    ]

    /// A 0-or-1 flag such as `mutable-content`; absent or null is 0.
    static func flag<Key: CodingKey>(
        _ c: KeyedDecodingContainer<Key>, _ key: Key, at path: [PathComponent]
    ) throws -> Bool {
        switch try c.decodeIfPresent(JSONValue.self, forKey: key) {
        case nil, .null?: return false
        case let value?:
            guard let flag = value.intValue, flag == 0 || flag == 1 else { throw ModelError(.invalidJSON, at: path, "expected 0 or 1") }
            return flag == 1
        }
    }

    /// The error for an `aps` without an alert that is neither a badge nor a background push.
    static func nothingToShow(at path: [PathComponent]) -> ModelError {
        ModelError(.invalidRequest, at: path,
                   "has no 'alert', so there is nothing to show; add \"alert\" (a string, or {\"title\", \"subtitle\", \"body\"}), send only \"badge\" to set the badge, or \"content-available\": 1 for a background push")
    }

    /// Refuses the keys in `unsupported` that the object being decoded has, saying why.
    static func refuseUnsupported(_ unsupported: [String: String], in decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue).sorted()
        if let key = keys.first(where: { unsupported[$0] != nil }), let reason = unsupported[key] {
            throw ModelError(.invalidRequest, at: decoder.path(.key(key)), "is not supported: \(reason)")
        }
    }

    /// The whole payload: `aps` and the custom keys.
    struct Body: Decodable {
        let payload: (
            request: NotificationRequest?, badge: Int?, alertIsText: Bool, mutableContent: Bool, contentAvailable: Bool,
            userInfo: [String: JSONValue], localized: LocalizedAlert)

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyCodingKey.self)
            guard let apsKey = c.allKeys.first(where: { $0.stringValue == "aps" }) else {
                throw ModelError(.invalidRequest, at: decoder.path(),
                                 #"has no 'aps' object; an APNs payload says what to show in it, e.g. {"aps": {"alert": "Hello"}}"#)
            }
            if try c.decodeNil(forKey: apsKey) {
                throw ModelError(.invalidJSON, at: decoder.path(.key("aps")), "expected an object, found null")
            }
            let aps = try c.decode(APS.self, forKey: apsKey)
            var userInfo: [String: JSONValue] = [:]
            for key in c.allKeys where key.stringValue != "aps" {
                userInfo[key.stringValue] = try c.decode(JSONValue.self, forKey: key)
            }
            payload = (try aps.request(userInfo: userInfo, at: decoder.path(.key("aps"))), aps.badge, aps.alert?.isText ?? false,
                       aps.mutableContent, aps.contentAvailable, userInfo, aps.alert?.localized ?? LocalizedAlert())
        }
    }

    /// The `aps` dictionary.
    struct APS: Decodable {
        var alert: Alert?
        var category: String?
        var threadID: String?
        var sound: Sound?
        var badge: Int?
        var interruptionLevel: InterruptionLevel?
        var relevanceScore: Double?
        var targetContentID: String?
        var mutableContent = false
        var contentAvailable = false

        enum CodingKeys: String, CodingKey, CaseIterable {
            case alert, category, threadID = "thread-id", sound, badge, interruptionLevel = "interruption-level",
                 relevanceScore = "relevance-score", targetContentID = "target-content-id", mutableContent = "mutable-content",
                 contentAvailable = "content-available"
        }

        init(from decoder: any Decoder) throws {
            try APNsPayload.refuseUnsupported(unsupportedApsKeys, in: decoder)
            let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "aps")
            alert = try c.decodeIfPresent(Alert.self, forKey: .alert)
            category = try c.decodeIfPresent(String.self, forKey: .category)
            threadID = try c.decodeIfPresent(String.self, forKey: .threadID)
            sound = try c.decodeIfPresent(Sound.self, forKey: .sound)
            targetContentID = try c.decodeIfPresent(String.self, forKey: .targetContentID)
            mutableContent = try APNsPayload.flag(c, .mutableContent, at: decoder.path(.key("mutable-content")))
            contentAvailable = try APNsPayload.flag(c, .contentAvailable, at: decoder.path(.key("content-available")))
            switch try c.decodeIfPresent(JSONValue.self, forKey: .relevanceScore) {
            case nil, .null?: relevanceScore = nil
            case let value?:
                guard let score = value.doubleValue else {
                    throw ModelError(.invalidJSON, at: decoder.path(.key("relevance-score")), "expected a number from 0 to 1")
                }
                relevanceScore = score
            }
            switch try c.decodeIfPresent(JSONValue.self, forKey: .badge) {
            case nil, .null?: badge = nil
            case let value?:
                guard let number = value.intValue, let count = Int(exactly: number) else {
                    throw ModelError(.invalidJSON, at: decoder.path(.key("badge")), "expected a whole number")
                }
                guard count >= 0 else {
                    throw ModelError(.invalidRequest, at: decoder.path(.key("badge")),
                                     "is \(count); a badge count must be 0 or more (0 clears the badge)")
                }
                badge = count
            }
            if let text = try c.decodeIfPresent(String.self, forKey: .interruptionLevel) {
                guard let level = interruptionLevels.first(where: { $0.0 == text })?.1 else {
                    let known = interruptionLevels.map(\.0)
                    var problem = "unknown interruption level '\(text)'"
                    if let guess = closestMatch(to: text, among: known) { problem += " (did you mean '\(guess)'?)" }
                    throw ModelError(.invalidRequest, at: decoder.path(.key("interruption-level")),
                                     problem + "; known levels: " + known.joined(separator: ", "))
                }
                interruptionLevel = level
            }
        }

        /// The request `aps` describes, carrying `userInfo`; nil when it only sets the badge.
        func request(userInfo: [String: JSONValue], at path: [PathComponent]) throws(ModelError) -> NotificationRequest? {
            guard let alert else {
                let others = [category, threadID, sound?.name, interruptionLevel?.rawValue, relevanceScore.map { "\($0)" },
                              targetContentID].contains { $0 != nil }
                if others { throw APNsPayload.nothingToShow(at: path) }
                return nil  // with neither badge nor content-available, `decode` refuses it unless the push type is background
            }
            let level = interruptionLevel ?? (sound?.critical == true ? .critical : .active)
            let content = NotificationContent(
                title: alert.title, subtitle: alert.subtitle, body: alert.body, userInfo: userInfo,
                categoryIdentifier: category ?? "", threadIdentifier: threadID ?? "", sound: sound?.name,
                interruptionLevel: level, badge: badge, targetContentIdentifier: targetContentID,
                relevanceScore: relevanceScore, summaryArgument: alert.summaryArgument,
                summaryArgumentCount: alert.summaryArgumentCount)
            return NotificationRequest(content: content)
        }
    }

    /// `aps.alert`: the body alone, or title, subtitle and body, and what a stack of its thread says of it.
    struct Alert: Decodable {
        var title = ""
        var subtitle = ""
        var body = ""
        var summaryArgument = ""
        var summaryArgumentCount = 1
        /// Whether it was given as a string.
        var isText = false
        /// Its texts to look up in the app's catalog.
        var localized = LocalizedAlert()

        enum CodingKeys: String, CodingKey, CaseIterable {
            case title, subtitle, body, summaryArgument = "summary-arg", summaryArgumentCount = "summary-arg-count"
            case titleLocKey = "title-loc-key", titleLocArgs = "title-loc-args"
            case subtitleLocKey = "subtitle-loc-key", subtitleLocArgs = "subtitle-loc-args"
            case locKey = "loc-key", locArgs = "loc-args"
        }

        init(from decoder: any Decoder) throws {
            switch try decoder.singleValueContainer().decode(JSONValue.self) {
            case .string(let text):
                body = text
                isText = true
            case .object:
                try APNsPayload.refuseUnsupported(unsupportedAlertKeys, in: decoder)
                let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "aps.alert")
                title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
                subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle) ?? ""
                body = try c.decodeIfPresent(String.self, forKey: .body) ?? ""
                summaryArgument = try c.decodeIfPresent(String.self, forKey: .summaryArgument) ?? ""
                summaryArgumentCount = try c.decodeIfPresent(Int.self, forKey: .summaryArgumentCount) ?? 1
                localized = try LocalizedAlert(
                    title: LocalizedAlert.text(c, .titleLocKey, .titleLocArgs, at: decoder.path()),
                    subtitle: LocalizedAlert.text(c, .subtitleLocKey, .subtitleLocArgs, at: decoder.path()),
                    body: LocalizedAlert.text(c, .locKey, .locArgs, at: decoder.path()))
            default:
                throw ModelError(.invalidJSON, at: decoder.path(),
                                 #"expected a string (the body) or an object {"title", "subtitle", "body"}"#)
            }
        }
    }

    /// `aps.sound`: a sound name, or Apple's critical-alert dictionary. The volume has no
    /// freedesktop counterpart and is only checked; a critical sound makes the notification
    /// critical unless `interruption-level` says otherwise.
    struct Sound: Decodable {
        var name: String
        var critical = false

        enum CodingKeys: String, CodingKey, CaseIterable {
            case critical, name, volume
        }

        init(from decoder: any Decoder) throws {
            switch try decoder.singleValueContainer().decode(JSONValue.self) {
            case .string(let text):
                name = text
            case .object:
                let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "aps.sound")
                name = try c.decode(String.self, forKey: .name)
                switch try c.decodeIfPresent(JSONValue.self, forKey: .critical) {
                case nil, .null?: critical = false
                case let value?:
                    guard let flag = value.intValue, flag == 0 || flag == 1 else {
                        throw ModelError(.invalidJSON, at: decoder.path(.key("critical")), "expected 0 or 1")
                    }
                    critical = flag == 1
                }
                switch try c.decodeIfPresent(JSONValue.self, forKey: .volume) {
                case nil, .null?: break
                case let value?:
                    guard let volume = value.doubleValue, (0...1).contains(volume) else {
                        throw ModelError(.invalidJSON, at: decoder.path(.key("volume")), "expected a number from 0 to 1")
                    }
                }
            default:
                throw ModelError(.invalidJSON, at: decoder.path(),
                                 #"expected a sound name or an object {"critical", "name", "volume"}"#)
            }
        }
    }
}
