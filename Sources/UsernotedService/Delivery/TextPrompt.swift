import Foundation
import Subprocess
import UserNotificationsCore

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// Asks the user for the text of a text-input action when the notification server cannot
/// (it lacks `inline-reply`): runs the `[text] prompt` command of config.toml (argv, no
/// shell) with `{title}`, `{body}`, `{button}` and `{placeholder}` in its arguments
/// replaced; what it prints is the text. Exit status other than 0 (the user cancelled), a
/// timeout, or no command at all: no text.
enum TextPrompt {
    /// The text the user typed, or nil.
    static func ask(argv: [String], request: NotificationRequest, action: NotificationAction, timeout: Duration) async -> String? {
        guard let program = argv.first else { return nil }
        let fills = [
            "{title}": request.content.title, "{body}": request.content.body,
            "{button}": action.textInput?.buttonTitle ?? action.title, "{placeholder}": action.textInput?.placeholder ?? "",
        ]
        let arguments = argv.dropFirst().map { argument in
            fills.reduce(argument) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        }
        let executable: Executable = program.contains("/") ? .path(FilePath(program)) : .name(program)
        guard let outcome = try? await ProgramRun.run(
                  executable, arguments: Array(arguments), environment: .inherit, outputLimit: 64 * 1024, timeout: timeout),
              case .exited(0) = outcome.status
        else { return nil }
        var text = outcome.output
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }
}
