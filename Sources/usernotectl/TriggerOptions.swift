import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import UserNotificationsCore

/// When a scheduled notification fires: `--in`, `--at`, `--every` or `--calendar`, and `--repeat`.
struct TriggerOptions: ParsableArguments {
    @Option(name: .customLong("in"), help: ArgumentHelp("Fire once after this long (90s, 5m, 1h30m).", valueName: "duration"))
    var after: String?

    @Option(help: ArgumentHelp("Fire once at this local date and time (2026-12-01T09:00).", valueName: "date-time"))
    var at: String?

    @Option(help: ArgumentHelp("Fire every so long (at least 60s), the first time after one interval.", valueName: "duration"))
    var every: String?

    @Option(help: ArgumentHelp("Fire when the local time matches these components: year, month, day, hour, minute, second, weekday (1 = Sunday, or sun…sat).",
                               valueName: "hour=9,minute=0"))
    var calendar: String?

    @Flag(help: "Fire again each time --calendar (or --in) matches, not only once.")
    var `repeat` = false

    func validate() throws {
        let given = [after, at, every, calendar].compactMap { $0 }
        guard given.count == 1 else {
            throw ValidationError(given.isEmpty
                ? "say when: --in 90s, --at 2026-12-01T09:00, --every 60s or --calendar 'hour=9,minute=0'"
                : "give only one of --in, --at, --every and --calendar")
        }
        if `repeat`, at != nil { throw ValidationError("--at is one date; for a repeating date use --calendar with --repeat") }
        _ = try trigger()
    }

    /// The trigger the options describe.
    func trigger() throws -> NotificationTrigger {
        if let after { return .timeInterval(try Arguments.seconds(after, option: "--in"), repeats: `repeat`) }
        if let every { return .timeInterval(try Arguments.seconds(every, option: "--every"), repeats: true) }
        if let at { return .calendar(try Self.dateTime(at), repeats: false) }
        return .calendar(try Self.components(calendar ?? ""), repeats: `repeat`)
    }

    /// `2026-12-01T09:00[:SS]` (or a space for `T`) as year…minute (and second) components.
    static func dateTime(_ text: String) throws -> DateComponents {
        let problem = ValidationError("--at: '\(text)' is not a local date and time such as 2026-12-01T09:00")
        let parts = text.split(whereSeparator: { $0 == "T" || $0 == " " })
        guard parts.count == 2 else { throw problem }
        let date = parts[0].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        let time = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard date.count == 3, (2...3).contains(time.count), !(date + time).contains(nil) else { throw problem }
        return DateComponents(year: date[0], month: date[1], day: date[2], hour: time[0], minute: time[1],
                              second: time.count == 3 ? time[2] : nil)
    }

    /// `hour=9,minute=0` (commas or spaces between) as date components; weekdays may be named.
    static func components(_ text: String) throws -> DateComponents {
        let keys: [String: WritableKeyPath<DateComponents, Int?>] = [
            "year": \.year, "month": \.month, "day": \.day, "hour": \.hour, "minute": \.minute, "second": \.second,
            "weekday": \.weekday,
        ]
        let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        var components = DateComponents()
        let pairs = text.split(whereSeparator: { $0 == "," || $0 == " " })
        guard !pairs.isEmpty else { throw ValidationError("--calendar: give components such as 'hour=9,minute=0'") }
        for pair in pairs {
            let sides = pair.split(separator: "=", maxSplits: 1).map { $0.lowercased() }
            guard sides.count == 2, let path = keys[sides[0]] else {
                throw ValidationError("--calendar: '\(pair)' is not name=number; names: \(keys.keys.sorted().joined(separator: ", "))")
            }
            let named = sides[0] == "weekday" ? weekdays.firstIndex(of: String(sides[1].prefix(3))).map { $0 + 1 } : nil
            guard let value = Int(sides[1]) ?? named else {
                throw ValidationError("--calendar: '\(pair)' needs a whole number\(sides[0] == "weekday" ? " or a day name (mon…sun)" : "")")
            }
            components[keyPath: path] = value
        }
        return components
    }
}
