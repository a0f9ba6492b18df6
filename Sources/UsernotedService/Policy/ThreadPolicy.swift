import Foundation

/// When notifications of one thread stack: the `[threads]` table of config.toml.
struct ThreadPolicy: Sendable, Hashable, Decodable {
    /// How many notifications of one app's thread may be on screen before the older ones give
    /// way to one that stands for them (a positive whole number).
    var stackLimit: Int

    init(stackLimit: Int = 3) { self.stackLimit = stackLimit }

    private enum CodingKeys: String, CodingKey, CaseIterable { case stackLimit }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "threads")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard c.contains(.stackLimit) else {
            stackLimit = ThreadPolicy().stackLimit
            return
        }
        guard let limit = try? c.decode(Int.self, forKey: .stackLimit), limit > 0 else {
            throw ConfigError("threads.stackLimit: must be a positive whole number (how many notifications of one thread are shown before the older ones stack; 3 by default)")
        }
        stackLimit = limit
    }
}
