import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program a command has usernoted run (`handler exec`, `extension set`): argv after `--`,
/// its program made absolute, since the daemon runs elsewhere.
struct ProgramArguments: ParsableArguments {
    @Argument(parsing: .postTerminator, help: ArgumentHelp("The program and its arguments, after --.", valueName: "command"),
              completion: .file())
    var command: [String]

    func validate() throws {
        if command.isEmpty { throw ValidationError("give the program after --, e.g. -- /usr/bin/logger -t build") }
    }

    /// argv as the daemon is to run it.
    var argv: [String] { [Self.absolute(command[0])] + command.dropFirst() }

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
