import UsernotedAPI
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `usernotectl handler exec --app ID -- CMD ARGS…`: runs a program once per response (SetExecHandler).
struct ExecHandler: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec", abstract: "Run a program once per response of an app.",
        discussion: """
            The daemon runs the program directly (no shell) with the response JSON on standard input and \
            USERNOTED_APP_ID, USERNOTED_REQUEST_ID, USERNOTED_ACTION, USERNOTED_USER_TEXT, USERNOTED_CATEGORY, \
            USERNOTED_TITLE and USERNOTED_USER_INFO in its environment. Exit status 0 acknowledges the response; \
            the first line printed may be a disposition (dismiss, keep, forward). A relative program path, or \
            a name found in your PATH, is made absolute here, since the daemon runs elsewhere. \
            Example: usernotectl handler exec --app org.example.Build -- logger -t build

            \(ExitStatus.help())
            """)

    @OptionGroup var target: AppOption
    @OptionGroup var bus: BusOptions

    @Argument(parsing: .postTerminator, help: ArgumentHelp("The program and its arguments, after --.", valueName: "command"),
              completion: .file())
    var command: [String]

    func validate() throws {
        if command.isEmpty { throw ValidationError("give the program after --, e.g. -- logger -t build") }
    }

    func run() async throws {
        let argv = [Self.absolute(command[0])] + command.dropFirst()
        try await bus.withCenter { _ = try await $0.call(Center1.setExecHandler, for: target.app, argv) }
    }

    /// `program` as an absolute path: relative paths against the working directory, names looked up in PATH.
    static func absolute(_ program: String) -> String {
        if program.hasPrefix("/") { return program }
        if program.contains("/") {
            guard let cwd = getcwd(nil, 0) else { return program }
            defer { free(cwd) }
            return String(cString: cwd) + "/" + program
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = "\(directory)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return program
    }
}
