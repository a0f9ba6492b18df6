/// What `usernotectl` exits with; documented in every command's help.
enum ExitStatus: Int32, Sendable {
    /// Done.
    case ok = 0
    /// The daemon or the bus refused or failed (the line says why, with the error's D-Bus name).
    case daemonError = 1
    /// The command line was wrong (sysexits `EX_USAGE`).
    case usage = 64
    /// An input file could not be read (sysexits `EX_NOINPUT`).
    case noInput = 66
    /// `wait` saw no response within `--timeout` (as `timeout(1)`).
    case timedOut = 124

    /// A subcommand's exit statuses in one line: always 0, 1 and 64, plus `extra` (66, 124).
    static func help(_ extra: ExitStatus...) -> String {
        let meanings: [ExitStatus: String] = [
            .ok: "done", .daemonError: "usernoted or the bus reported an error, or usernoted is not running",
            .usage: "wrong usage", .noInput: "an input file cannot be read", .timedOut: "no response within --timeout",
        ]
        // Joined by a loop: `joined(separator:)`'s generic requirement costs a scan of the
        // binary's protocol conformances, and every command's help is made at each start.
        var line = "EXIT STATUS:"
        for status in [.ok, .daemonError, .usage] + extra {
            line += (status == .ok ? " " : "; ") + "\(status.rawValue) \(meanings[status] ?? "")"
        }
        return line + "."
    }

    /// The EXIT STATUS paragraph of `usernotectl --help` and the man page.
    static let help = """
        EXIT STATUS: 0 done; 1 usernoted or the bus reported an error (printed as \
        "usernotectl: <message> (<D-Bus error name>)"), or usernoted is not running; \
        64 wrong usage; 66 an input file cannot be read; 124 wait: no response within --timeout.
        """
}
