import Foundation

/// When notifications hide their previews (title, subtitle and body, as each category
/// allows): the `[privacy]` table of config.toml.
public struct PrivacyPolicy: Sendable, Hashable, Decodable {
    /// `hidePreviews`: `whenLocked` (the default), `always` or `never`.
    public enum HidePreviews: String, Sendable, Hashable, Decodable, CaseIterable {
        case whenLocked, always, never
    }

    public var hidePreviews: HidePreviews

    public init(hidePreviews: HidePreviews = .whenLocked) { self.hidePreviews = hidePreviews }

    /// Whether previews are hidden when the session's lock state is `locked`.
    public func hidesPreviews(locked: Bool) -> Bool {
        switch hidePreviews {
        case .whenLocked: locked
        case .always: true
        case .never: false
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case hidePreviews }

    public init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "privacy")
        let text = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .hidePreviews)
        guard let text else {
            hidePreviews = .whenLocked
            return
        }
        guard let value = HidePreviews(rawValue: text) else {
            let known = HidePreviews.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ConfigError(file: URL(filePath: "/"), problem: "privacy.hidePreviews: \"\(text)\" is not one of \(known)")
        }
        hidePreviews = value
    }
}
