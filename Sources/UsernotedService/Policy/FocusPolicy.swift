import Foundation

/// When Focus is on besides the user's own switch: the `[focus]` table of config.toml, its
/// `[[focus.schedule]]` ranges and whether the notification server's do-not-disturb counts.
struct FocusPolicy: Sendable, Hashable, Decodable {
    /// The ranges of time during which Focus is on.
    var schedule: [FocusSchedule]
    /// Whether the server's own switch (dunst paused, Plasma's do-not-disturb, …) turns Focus on.
    var followServer: Bool

    /// No schedule; the server's switch followed.
    init(schedule: [FocusSchedule] = [], followServer: Bool = true) {
        self.schedule = schedule
        self.followServer = followServer
    }

    /// Whether a schedule turns Focus on at `date`.
    func scheduled(at date: Date, in calendar: Calendar) -> Bool {
        schedule.contains { $0.isActive(at: date, in: calendar) }
    }

    /// The first instant after `date` at which a schedule turns Focus on or off.
    func nextChange(after date: Date, in calendar: Calendar) -> Date? {
        schedule.compactMap { $0.nextChange(after: date, in: calendar) }.min()
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case schedule, followServer }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "focus")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schedule = try c.decodeIfPresent([FocusSchedule].self, forKey: .schedule) ?? []
        followServer = try c.decodeIfPresent(Bool.self, forKey: .followServer) ?? true
    }
}
