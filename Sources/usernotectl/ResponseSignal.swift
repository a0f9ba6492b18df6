import DBus

/// The `Response(s app_id, s request_id, s action_id, s user_text, s response_json)` signal.
struct ResponseSignal: Sendable, Hashable {
    var appID: String
    var requestID: String
    var actionID: String
    var userText: String
    var responseJSON: String

    /// Reads a signal body; nil when it does not have the five strings.
    init?(body: [Value]) {
        let strings = body.compactMap { $0.as(String.self) }
        guard body.count == 5, strings.count == 5 else { return nil }
        (appID, requestID, actionID, userText, responseJSON) = (strings[0], strings[1], strings[2], strings[3], strings[4])
    }

    /// The line `listen` prints: the response JSON, on exactly one line.
    var line: String {
        responseJSON.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " ")
    }
}
