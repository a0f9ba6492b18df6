import ArgumentParser
import UserNotificationsCore

/// Parsing of argument values that have a model type; failures are usage errors that say why.
enum Arguments {
    /// An app id, checked locally so a typo fails before the bus is touched.
    @Sendable static func appID(_ text: String) throws -> AppID {
        do { return try AppID(validating: text) } catch { throw ValidationError(error.message) }
    }

    /// A `userInfo` JSON object, e.g. `{"MEETING_ID":"42"}`.
    @Sendable static func userInfo(_ text: String) throws -> [String: JSONValue] {
        do {
            return try ModelJSON.decode([String: JSONValue].self, from: text, root: "--user-info")
        } catch {
            throw ValidationError("\(error.message) (expected a JSON object such as {\"MEETING_ID\":\"42\"})")
        }
    }

    /// JSON given inline, or `-` for standard input.
    static func json(_ argument: String, readStandardInput: () -> String = StandardStreams.readAll) -> String {
        argument == "-" ? readStandardInput() : argument
    }
}

extension InterruptionLevel: ExpressibleByArgument {}
