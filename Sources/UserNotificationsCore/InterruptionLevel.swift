/// How urgently a notification asks for attention (Apple's `UNNotificationInterruptionLevel`).
///
/// Maps to the freedesktop `urgency` hint: passive 0, active and timeSensitive 1, critical 2.
public enum InterruptionLevel: String, Sendable, Hashable, Codable, CaseIterable {
    /// Shown quietly.
    case passive
    /// The default.
    case active
    /// Important now.
    case timeSensitive
    /// Urgent; servers may keep it on screen.
    case critical

    /// The freedesktop `urgency` hint value (0 low, 1 normal, 2 critical).
    public var freedesktopUrgency: UInt8 {
        switch self {
        case .passive: 0
        case .active, .timeSensitive: 1
        case .critical: 2
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let level = InterruptionLevel(rawValue: text) else {
            let known = Self.allCases.map(\.rawValue)
            var problem = "unknown interruption level '\(text)'"
            if let guess = closestMatch(to: text, among: known) { problem += " (did you mean '\(guess)'?)" }
            throw ModelError(.invalidRequest, at: [PathComponent](decoder.codingPath),
                             problem + "; known levels: " + known.joined(separator: ", "))
        }
        self = level
    }
}
