import Foundation

/// How the text of a text-input action is collected where the notification server has no
/// inline reply: the `[text]` table of config.toml.
struct TextPolicy: Sendable, Hashable, Decodable {
    /// The prompt command's argv (see ``TextPrompt``); empty: the response comes without text.
    var prompt: [String]
    /// How long the user has to answer.
    var promptTimeoutSeconds: Double

    init(prompt: [String] = [], promptTimeoutSeconds: Double = 300) {
        self.prompt = prompt
        self.promptTimeoutSeconds = promptTimeoutSeconds
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case prompt, promptTimeoutSeconds }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "text")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        prompt = try c.decodeIfPresent([String].self, forKey: .prompt) ?? []
        promptTimeoutSeconds = try ConfigKeys.seconds(
            c, .promptTimeoutSeconds, table: "text", fallback: TextPolicy().promptTimeoutSeconds)
    }
}
