/// A D-Bus activation file for the app: well-known name = app id, `Exec=` the app, so
/// that the bus can start the app when it is not running, as Apple platforms launch an
/// app in the background to handle a response (Linux only).
///
/// The started app must own its app id on the bus
/// (``UNUserNotificationCenter/claimAppIDBusName()``) and set its delegate.
public struct UNActivationFile: Sendable, Hashable {
    /// The bus name the file activates: the app id.
    public let appID: String
    /// The program and its arguments.
    public let command: [String]

    /// An activation file that starts `command` (the program's absolute path first) for `appID`.
    public init(appID: String, command: [String]) {
        self.appID = appID
        self.command = command
    }

    /// An activation file that starts this very executable, with `arguments`.
    public init(appID: String, arguments: [String] = []) {
        let executable = Bundle.main.executableURL?.path ?? CommandLine.arguments.first ?? ""
        self.init(appID: appID, command: [executable] + arguments)
    }

    /// The file's text.
    public var contents: String {
        "[D-BUS Service]\nName=\(appID)\nExec=\(command.map(Self.quoted).joined(separator: " "))\n"
    }

    /// The file name: `<app id>.service`, as the bus requires.
    public var fileName: String { "\(appID).service" }

    /// Where the session bus looks for user activation files: `$XDG_DATA_HOME/dbus-1/services`
    /// (`~/.local/share/dbus-1/services` by default).
    public static func userServicesDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(filePath: $0) : nil }
            ?? URL(filePath: environment["HOME"] ?? NSHomeDirectory()).appending(path: ".local/share")
        return dataHome.appending(path: "dbus-1/services")
    }

    /// Writes the file into `directory` (creating it); returns the file's URL.
    @discardableResult
    public func install(in directory: URL = UNActivationFile.userServicesDirectory()) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appending(path: fileName)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// One `Exec=` word as the bus reads it: plain, or in double quotes with `\ " $ \``
    /// escaped for its shell-like parser, then backslashes and newlines escaped for the
    /// desktop-file syntax the bus reads first.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "/._-=:,+@%".unicodeScalars.contains($0)
        }
        if plain { return word }
        let shell = "\"" + word.unicodeScalars.map { "\\\"$`".unicodeScalars.contains($0) ? "\\\($0)" : "\($0)" }.joined() + "\""
        return shell.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }
}
