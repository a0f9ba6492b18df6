import Foundation
import UserNotificationsCore

/// One run of an app's notification service extension (Apple's `UNNotificationServiceExtension`)
/// for a request with `mutable-content`: argv directly (no shell, the rules of ``ProgramRun``),
/// the request as JSON on standard input (`{"identifier", "content", …}`, as `Add` takes it),
/// the new `content` as JSON on standard output (as in `Add`). It learns its time from
/// `USERNOTED_EXTENSION_SECONDS`; exit status 0 within it is success.
enum ServiceExtension {
    /// What an extension may print, at most.
    static let outputLimit = 256 * 1024

    /// The content the extension made of `request`, or why it made none.
    static func run(
        _ request: NotificationRequest, of app: AppID, argv: [String], seconds: Double
    ) async -> Result<NotificationContent, ProgramFailure> {
        let timeout = Duration.milliseconds(Int64(seconds * 1000))
        let variables = [
            "USERNOTED_APP_ID": app.rawValue,
            "USERNOTED_REQUEST_ID": request.identifier,
            "USERNOTED_EXTENSION_SECONDS": Self.format(seconds),
        ]
        let outcome: ProgramRun.Outcome?
        do {
            outcome = try await ProgramRun.run(
                argv: argv, input: ModelJSON.encode(request), variables: variables, outputLimit: outputLimit, timeout: timeout)
        } catch {
            return .failure(error)
        }
        guard let outcome else { return .failure(ProgramFailure("it ran longer than \(Self.format(seconds)) s (serviceExtensionSeconds) and was stopped")) }
        guard case .exited(0) = outcome.status else { return .failure(ProgramFailure("it ended with \(outcome.status)")) }
        do {
            return .success(try ModelJSON.decode(NotificationContent.self, from: outcome.output, root: "content"))
        } catch {
            return .failure(ProgramFailure("what it printed is not a content object as Add takes it: \(error.message)"))
        }
    }

    /// Seconds as the shortest decimal (`30`, `0.5`).
    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e15 ? String(Int64(seconds)) : String(seconds)
    }
}
