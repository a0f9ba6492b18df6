import Foundation
import UserNotificationsCore

/// Runs an app's exec handler for one response: argv directly (never a shell), the
/// response in `USERNOTED_*` variables and as JSON on standard input (the rules of
/// ``ProgramRun``). Exit status 0 acknowledges; the first line it prints may be a disposition
/// (`dismiss`, `keep`, `forward`).
enum ExecHandler {
    /// What the handler may print, at most.
    static let outputLimit = 64 * 1024

    /// Runs `argv` for `response`; returns the disposition it printed, or throws why it did not acknowledge.
    static func deliver(_ response: NotificationResponse, argv: [String], timeout: Duration) async throws -> String {
        let result = try await ProgramRun.run(
            argv: argv, input: ModelJSON.encode(response), variables: variables(for: response), outputLimit: outputLimit,
            timeout: timeout)
        guard let result else { throw ProgramFailure("it ran longer than \(timeout) and was stopped") }
        guard case .exited(0) = result.status else { throw ProgramFailure("it ended with \(result.status)") }
        return result.output.split(whereSeparator: { $0.isNewline }).first.map(String.init) ?? ""
    }

    /// The response's variables, beside the passed-through ones.
    static func variables(for response: NotificationResponse) -> [String: String] {
        [
            "USERNOTED_APP_ID": response.appId.rawValue,
            "USERNOTED_REQUEST_ID": response.requestId,
            "USERNOTED_ACTION": response.actionIdentifier,
            "USERNOTED_USER_TEXT": response.userText ?? "",
            "USERNOTED_CATEGORY": response.notification.content.categoryIdentifier,
            "USERNOTED_TITLE": response.notification.content.title,
            "USERNOTED_USER_INFO": ModelJSON.encode(response.notification.content.userInfo),
        ]
    }
}
