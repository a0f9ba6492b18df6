import Foundation
import UserNotificationsCore

/// Apple's Scheduled Summary: the `[summary]` table of config.toml. The `passive` and
/// `active` notifications of the apps in it are held until the next of `times`, then shown
/// as one digest; `timeSensitive` and `critical` ones never wait.
struct SummaryPolicy: Sendable, Hashable, Decodable {
    /// When the digest is shown, by the wall clock (none: no scheduled summary).
    var times: [TimeOfDay]
    /// Apps in the summary besides those whose settings say `summary` (`usernotectl apps set APP --summary`).
    var apps: Set<AppID>
    /// How many notifications the digest names (the most relevant first).
    var top: Int

    /// No summary.
    init(times: [TimeOfDay] = [], apps: Set<AppID> = [], top: Int = 5) {
        self.times = times
        self.apps = apps
        self.top = top
    }

    /// The first summary time after `date`; nil when there is none.
    func nextTime(after date: Date, in calendar: Calendar) -> Date? {
        TimeOfDay.next(of: times, after: date, in: calendar)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case times, apps, top }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "summary")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        times = try (c.decodeIfPresent([String].self, forKey: .times) ?? []).map { text in
            guard let time = TimeOfDay(text) else {
                throw ConfigError("summary.times: \"\(text)\" is not a time; write it as HH:MM, e.g. \"18:00\"")
            }
            return time
        }
        var apps: Set<AppID> = []
        for name in try c.decodeIfPresent([String].self, forKey: .apps) ?? [] {
            do {
                apps.insert(try AppID(validating: name))
            } catch {
                throw ConfigError("summary.apps: \(error.problem)")
            }
        }
        self.apps = apps
        top = try c.decodeIfPresent(Int.self, forKey: .top) ?? 5
        guard top > 0 else { throw ConfigError("summary.top: must be a positive number") }
    }
}
