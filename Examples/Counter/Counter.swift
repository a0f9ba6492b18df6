import Foundation

/// The counter's value, kept in a small file so that it lasts from one run to the next (the
/// original's `Counter` class keeps it in the user defaults).
final class Counter: Sendable {
    private let file: URL

    /// The counter kept in `file` (0 while the file does not exist).
    init(file: URL) { self.file = file }

    /// The current value.
    var currentTotal: Int {
        get {
            (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
        }
        set {
            do {
                try "\(newValue)\n".write(to: file, atomically: true, encoding: .utf8)
            } catch {
                print("Cannot save the counter in \(file.path): \(error)")
            }
        }
    }
}

/// Where the app keeps its data: `$XDG_STATE_HOME/usernoted-examples/<name>`
/// (`~/.local/state/usernoted-examples/<name>` by default), created if needed.
func appStateDirectory(named name: String) -> URL {
    let environment = ProcessInfo.processInfo.environment
    let stateHome = environment["XDG_STATE_HOME"].map { URL(filePath: $0) }
        ?? URL(filePath: NSHomeDirectory()).appending(path: ".local/state")
    let directory = stateHome.appending(path: "usernoted-examples/\(name)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
