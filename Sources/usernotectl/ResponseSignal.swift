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

    /// The line `wait --json` and `monitor --json` print: the response JSON, on exactly one line.
    var jsonLine: String { Output.oneLine(responseJSON) }

    /// The line `wait` prints: the action id, and a tab and the typed text when there is some.
    var answerLine: String { userText.isEmpty ? actionID : "\(actionID)\t\(Output.oneLine(userText))" }

    /// The line `monitor` prints: app, request, action and the typed text, tab-separated.
    var monitorLine: String {
        [appID, requestID, actionID].joined(separator: "\t") + (userText.isEmpty ? "" : "\t\(Output.oneLine(userText))")
    }

    /// The line to print, as JSON or as text.
    func line(json: Bool, text: (Self) -> String) -> String { json ? jsonLine : text(self) }
}
