import Foundation

/// How the text of a text-input action is collected where the notification server has no
/// inline reply: the `[text]` table of config.toml.
public struct TextPolicy: Sendable, Hashable, Decodable {
    /// The prompt command's argv (see ``TextPrompt``); empty: the response comes without text.
    public var prompt: [String]
    /// How long the user has to answer.
    public var promptTimeoutSeconds: Double

    public init(prompt: [String] = [], promptTimeoutSeconds: Double = 300) {
        self.prompt = prompt
        self.promptTimeoutSeconds = promptTimeoutSeconds
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case prompt, promptTimeoutSeconds }

    public init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "text")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        prompt = try c.decodeIfPresent([String].self, forKey: .prompt) ?? []
        let timeout = (try? c.decode(Double.self, forKey: .promptTimeoutSeconds))
            ?? (try? c.decode(Int.self, forKey: .promptTimeoutSeconds)).map(Double.init)
        if c.contains(.promptTimeoutSeconds), (timeout ?? 0) <= 0 {
            throw ConfigError(file: URL(filePath: "/"), problem: "text.promptTimeoutSeconds: must be a positive number of seconds")
        }
        promptTimeoutSeconds = timeout ?? 300
    }
}
