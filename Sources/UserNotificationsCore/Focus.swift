#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// usernoted's own Focus as the user sets it (`SetFocus`): on or off, until when, and the
/// apps that break through it. JSON: `{"on": true, "until": "2026-11-24T18:00:00Z", "allow": ["org.example.Chat"]}`.
public struct FocusSetting: Sendable, Hashable, Codable {
    /// Whether the user turned Focus on.
    public var on: Bool
    /// When it turns itself off (nil: when the user turns it off).
    public var until: Date?
    /// Apps whose notifications are shown during Focus as if it were off.
    public var allow: [AppID]

    /// Focus on (until `until`, letting `allow` through) or off.
    public init(on: Bool = false, until: Date? = nil, allow: [AppID] = []) {
        self.on = on
        self.until = until
        self.allow = allow
    }

    /// Whether this setting holds notifications at `date`.
    public func isOn(at date: Date) -> Bool { on && (until.map { date < $0 } ?? true) }

    enum CodingKeys: String, CodingKey, CaseIterable { case on, until, allow }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "focus")
        on = try c.decode(Bool.self, forKey: .on)
        allow = try c.decodeIfPresent([AppID].self, forKey: .allow) ?? []
        guard let text = try c.decodeIfPresent(String.self, forKey: .until) else { return }
        guard let date = ISO8601Date.parse(text) else {
            throw ModelError(.invalidRequest, at: [PathComponent](decoder.codingPath + [CodingKeys.until]),
                             "'\(text)' is not an ISO 8601 date; write it like 2026-11-24T18:00:00Z")
        }
        until = date
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(on, forKey: .on)
        try c.encodeIfPresent(until.map(ISO8601Date.format), forKey: .until)
        try c.encode(allow, forKey: .allow)
    }
}

/// Focus as it is now (`GetFocus`): whether it holds notifications, what turned it on, the
/// user's setting, and how many notifications wait for it to end.
public struct FocusStatus: Sendable, Hashable, Codable {
    /// What can turn Focus on.
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        /// The user's own setting (`usernotectl focus on`, `SetFocus`).
        case usernoted
        /// A `[[focus.schedule]]` of config.toml.
        case schedule
        /// The notification server's own do-not-disturb switch.
        case server
    }

    /// Whether notifications are held now.
    public var active: Bool
    /// What holds them (empty when Focus is off).
    public var by: [Source]
    /// The user's setting.
    public var setting: FocusSetting
    /// When Focus next turns on or off by itself (its `until`, a schedule's edge); nil: not by itself.
    public var nextChange: Date?
    /// Notifications held, not yet summarised or shown.
    public var held: Int

    /// A status.
    public init(active: Bool, by: [Source], setting: FocusSetting, nextChange: Date?, held: Int) {
        self.active = active
        self.by = by
        self.setting = setting
        self.nextChange = nextChange
        self.held = held
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case active, by, setting, nextChange, held }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "focus status")
        active = try c.decode(Bool.self, forKey: .active)
        by = try c.decode([Source].self, forKey: .by)
        setting = try c.decode(FocusSetting.self, forKey: .setting)
        nextChange = try c.decodeIfPresent(String.self, forKey: .nextChange).flatMap(ISO8601Date.parse)
        held = try c.decode(Int.self, forKey: .held)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(active, forKey: .active)
        try c.encode(by, forKey: .by)
        try c.encode(setting, forKey: .setting)
        try c.encodeIfPresent(nextChange.map(ISO8601Date.format), forKey: .nextChange)
        try c.encode(held, forKey: .held)
    }
}

extension ModelJSON {
    /// Decodes a `SetFocus` setting.
    public static func decodeFocus(_ json: String) throws(ModelError) -> FocusSetting {
        try decode(FocusSetting.self, from: json, root: "focus")
    }

    /// Decodes a `GetFocus` reply.
    public static func decodeFocusStatus(_ json: String) throws(ModelError) -> FocusStatus {
        try decode(FocusStatus.self, from: json, root: "focus")
    }

    /// Encodes a Focus setting.
    public static func encode(_ setting: FocusSetting) -> String { encodeValue(setting) }

    /// Encodes a Focus status.
    public static func encode(_ status: FocusStatus) -> String { encodeValue(status) }
}
