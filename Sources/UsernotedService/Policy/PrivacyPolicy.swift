import Foundation

/// When notifications hide their previews (title, subtitle and body, as each category
/// allows): the `[privacy]` table of config.toml.
struct PrivacyPolicy: Sendable, Hashable, Decodable {
    /// `hidePreviews`: `whenLocked` (the default), `always` or `never`.
    enum HidePreviews: String, Sendable, Hashable, Decodable, CaseIterable {
        case whenLocked, always, never
    }

    var hidePreviews: HidePreviews

    init(hidePreviews: HidePreviews = .whenLocked) { self.hidePreviews = hidePreviews }

    /// Whether previews are hidden when the session's lock state is `locked`.
    func hidesPreviews(locked: Bool) -> Bool {
        switch hidePreviews {
        case .whenLocked: locked
        case .always: true
        case .never: false
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case hidePreviews }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "privacy")
        hidePreviews = try ConfigKeys.choice(
            decoder.container(keyedBy: CodingKeys.self), .hidePreviews, table: "privacy", fallback: .whenLocked)
    }
}
