#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Validation {
    /// Checks a trigger; paths are relative to it (`timeInterval`, `dateComponents.hour`).
    ///
    /// A calendar date that never comes (Feb 30, a past year) passes: that is a fire-date
    /// question (``NotificationTrigger/firstFireDate(addedAt:calendar:)`` returns nil).
    public static func validate(trigger: NotificationTrigger, limits: Limits = .default) throws(ModelError) {
        if let problem = ruleViolation(in: trigger) { throw problem }
        if case .timeInterval(let seconds, _) = trigger, seconds > Double(limits.timeIntervalSeconds) {
            throw ModelError(.limitExceeded, at: [.key("timeInterval")],
                             "is \(describe(seconds)) seconds; the limit is \(limits.timeIntervalSeconds) seconds, about \(describeYears(limits.timeIntervalSeconds)) (timeIntervalSeconds); use a calendar trigger (dateComponents) for a far date")
        }
    }

    /// The first rule `trigger` breaks regardless of limits, or nil.
    static func ruleViolation(in trigger: NotificationTrigger) -> ModelError? {
        switch trigger {
        case .timeInterval(let seconds, let repeats):
            let at: [PathComponent] = [.key("timeInterval")]
            if !seconds.isFinite {
                return ModelError(.invalidRequest, at: at, "is not a finite number; give the delay in seconds, e.g. 60")
            }
            if seconds <= 0 {
                return ModelError(.invalidRequest, at: at,
                                  "is \(describe(seconds)) seconds; it must be more than 0 (the delay before the notification shows); leave out 'trigger' to show it now")
            }
            let minimum = NotificationTrigger.minimumRepeatingInterval
            if repeats && seconds < minimum {
                return ModelError(.invalidRequest, at: at,
                                  "is \(describe(seconds)) seconds, but a repeating trigger needs at least \(describe(minimum)) (as on Apple platforms); use \(describe(minimum)) or more, or set 'repeats' to false")
            }
            return nil
        case .calendar(let components, _):
            return ruleViolation(in: components)
        }
    }

    /// The first rule calendar-trigger components break, or nil.
    static func ruleViolation(in components: DateComponents) -> ModelError? {
        let at: [PathComponent] = [.key("dateComponents")]
        let supported = TriggerDateComponents.fields.map(\.key.stringValue).joined(separator: ", ")
        var only = DateComponents()
        for (_, path) in TriggerDateComponents.fields { only[keyPath: path] = components[keyPath: path] }
        if only != components {
            return ModelError(.invalidRequest, at: at,
                              "sets a component other than \(supported) (e.g. a calendar, time zone or nanosecond); remove it, the user's current calendar and time zone are used")
        }
        if only == DateComponents() {
            return ModelError(.invalidRequest, at: at,
                              #"is empty; give at least one of \#(supported), e.g. {"hour": 9, "minute": 30} for 09:30"#)
        }
        for rule in componentRules {
            guard let value = components[keyPath: rule.path], !rule.range.contains(value) else { continue }
            return ModelError(.invalidRequest, at: at + [.key(rule.name)],
                              "is \(value); \(rule.advice)")
        }
        return nil
    }

    /// The allowed range of each calendar-trigger component, and the advice when outside it.
    static var componentRules: [(name: String, path: KeyPath<DateComponents, Int?>, range: ClosedRange<Int>, advice: String)] {
        [
            ("year", \.year, 1...9999, "give a year from 1 to 9999, or leave it out for every year"),
            ("month", \.month, 1...12, "months run from 1 (January) to 12 (December)"),
            ("day", \.day, 1...31, "days of the month run from 1 to 31"),
            ("hour", \.hour, 0...23, "hours run from 0 to 23"),
            ("minute", \.minute, 0...59, "minutes run from 0 to 59"),
            ("second", \.second, 0...59, "seconds run from 0 to 59"),
            ("weekday", \.weekday, 1...7, "weekdays run from 1 (Sunday) to 7 (Saturday), as on Apple platforms"),
        ]
    }

    /// `2.5`, or `60` for a whole number of seconds.
    static func describe(_ seconds: Double) -> String {
        if let whole = Int64(exactly: seconds) { return String(whole) }
        return String(seconds)
    }

    /// `100 years` for a number of seconds, rounded.
    static func describeYears(_ seconds: Int) -> String {
        let years = (Double(seconds) / (365.25 * 86400)).rounded()
        return years == 1 ? "1 year" : "\(Int(years)) years"
    }
}

extension NotificationTrigger {
    /// Checks this trigger (see ``Validation/validate(trigger:limits:)``).
    public func validate(limits: Limits = .default) throws(ModelError) {
        try Validation.validate(trigger: self, limits: limits)
    }
}
