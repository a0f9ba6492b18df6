import DBus
import UsernotedAPI

/// The `Response(s app_id, s request_id, s action_id, s user_text, s response_json)` signal.
struct ResponseSignal: Sendable, Hashable {
    var appID: String
    var requestID: String
    var actionID: String
    var userText: String
    var responseJSON: String

    /// Reads a received signal; nil when it does not carry ``Center1/response``'s arguments.
    init?(_ message: Message) {
        guard let arguments = try? Center1.response.arguments(of: message) else { return nil }
        (appID, requestID, actionID, userText, responseJSON) = arguments
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
