import Foundation

/// What `RequestAuthorization` does for an app usernoted has not seen: the `[authorization]`
/// table of config.toml.
struct AuthorizationPolicy: Sendable, Hashable, Decodable {
    /// `ask`: false (the default, as desktops do) records the app as authorized at once; true
    /// asks the user once, with a notification whose buttons are *Allow* and *Don't Allow*.
    var ask: Bool

    init(ask: Bool = false) { self.ask = ask }

    private enum CodingKeys: String, CodingKey, CaseIterable { case ask }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "authorization")
        ask = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Bool.self, forKey: .ask) ?? false
    }
}
