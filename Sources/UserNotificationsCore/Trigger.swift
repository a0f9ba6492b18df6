#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When a request fires (Apple's `UNNotificationTrigger` subclasses).
///
/// JSON: `{"timeInterval": 2.5, "repeats": false}` (Apple's `UNTimeIntervalNotificationTrigger`)
/// or `{"dateComponents": {"hour": 9, "minute": 30, "weekday": 2}, "repeats": true}`
/// (Apple's `UNCalendarNotificationTrigger`); `repeats` may be left out and means `false`.
/// Value rules (interval > 0, repeating ≥ 60 s, component ranges) are checked by
/// ``Validation/validate(trigger:limits:)``; fire dates are in `TriggerDates.swift`.
public enum NotificationTrigger: Sendable, Hashable, Codable {
    /// Fires `TimeInterval` seconds after the request is added, then every interval if repeating.
    case timeInterval(TimeInterval, repeats: Bool)
    /// Fires at the next date matching the components (year, month, day, hour, minute, second, weekday).
    case calendar(DateComponents, repeats: Bool)

    /// The shortest interval of a repeating time-interval trigger, in seconds (as Apple's).
    public static let minimumRepeatingInterval: TimeInterval = 60

    /// Whether the trigger fires again after firing.
    public var repeats: Bool {
        switch self {
        case .timeInterval(_, let repeats), .calendar(_, let repeats): repeats
        }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case timeInterval, dateComponents, repeats
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "trigger")
        let repeats = try c.decodeIfPresent(Bool.self, forKey: .repeats) ?? false
        switch (c.contains(.timeInterval), c.contains(.dateComponents)) {
        case (true, false):
            self = .timeInterval(try c.decode(Double.self, forKey: .timeInterval), repeats: repeats)
        case (false, true):
            self = .calendar(try c.decode(TriggerDateComponents.self, forKey: .dateComponents).components,
                             repeats: repeats)
        case (true, true):
            throw ModelError(.invalidJSON, at: decoder.path(),
                             "has both 'timeInterval' and 'dateComponents'; give 'timeInterval' (seconds from now) or 'dateComponents' (a calendar date or time), not both")
        case (false, false):
            throw ModelError(.invalidJSON, at: decoder.path(),
                             #"needs 'timeInterval' (seconds from now, e.g. {"timeInterval": 60}) or 'dateComponents' (e.g. {"dateComponents": {"hour": 9}, "repeats": true}); leave out 'trigger' to show the notification now"#)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .timeInterval(let seconds, _):
            // Non-finite intervals never validate; null keeps encoding total.
            if seconds.isFinite { try c.encode(seconds, forKey: .timeInterval) } else { try c.encodeNil(forKey: .timeInterval) }
        case .calendar(let components, _):
            try c.encode(TriggerDateComponents(components), forKey: .dateComponents)
        }
        try c.encode(repeats, forKey: .repeats)
    }
}

/// The JSON form of a calendar trigger's components: Apple's field names, whole numbers, strict keys.
struct TriggerDateComponents: Codable {
    /// The components; only the seven supported fields are ever set by decoding.
    let components: DateComponents

    init(_ components: DateComponents) { self.components = components }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case year, month, day, hour, minute, second, weekday
    }

    /// The supported fields in JSON order, with their key paths into `DateComponents`.
    static var fields: [(key: CodingKeys, path: WritableKeyPath<DateComponents, Int?>)] {
        [
            (.year, \.year), (.month, \.month), (.day, \.day), (.hour, \.hour),
            (.minute, \.minute), (.second, \.second), (.weekday, \.weekday),
        ]
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "dateComponents")
        var components = DateComponents()
        for (key, path) in Self.fields {
            // Read as any JSON value: Foundation reports 9.5 for an Int as "not valid JSON".
            switch try c.decodeIfPresent(JSONValue.self, forKey: key) {
            case nil, .null?: continue
            case let value?:
                guard let number = value.intValue, let whole = Int(exactly: number) else {
                    throw ModelError(.invalidJSON, at: decoder.path(.key(key.stringValue)), "expected a whole number")
                }
                components[keyPath: path] = whole
            }
        }
        self.components = components
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        for (key, path) in Self.fields {
            try c.encodeIfPresent(components[keyPath: path], forKey: key)
        }
    }
}
