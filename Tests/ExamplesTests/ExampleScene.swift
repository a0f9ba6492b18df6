import UsernotedAPI
import DBus
import Foundation
import TestSupport

/// A user's desktop for the examples, really started: a private bus, Xvfb with dunst, the
/// built usernoted, and a state home where the examples keep their data. The examples run as
/// the executables `swift build` made, as `swift run <Name>` runs them.
struct ExampleScene {
    let bus: PrivateBus
    let desktop: TestDesktop
    let daemon: DaemonProcess
    /// The examples' `XDG_STATE_HOME`.
    let stateHome: URL

    /// Starts everything; `daemonArguments` go to usernoted (e.g. a test clock rate).
    init(daemonArguments: [String] = []) async throws {
        bus = try PrivateBus()
        desktop = try await TestDesktop(bus: bus)
        daemon = try await DaemonProcess(bus: bus, environment: desktop.environment, arguments: daemonArguments)
        stateHome = bus.directory.appending(path: "app-state")
    }

    /// The environment of a program the user starts on this desktop.
    var environment: [String: String] {
        var environment = desktop.environment
        environment["XDG_STATE_HOME"] = stateHome.path
        return environment
    }

    /// Where example `name` keeps its data (`$XDG_STATE_HOME/usernoted-examples/<name>`).
    func dataDirectory(_ name: String) -> URL { stateHome.appending(path: "usernoted-examples/\(name)") }

    /// The built example `name`, next to the built usernoted.
    static func executable(_ name: String) throws -> String {
        let path = DaemonProcess.productsDirectory.appending(path: name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestSupportError("\(path) is not built; run `swift build` before the tests (scripts/test does)")
        }
        return path
    }

    /// Starts example `name` with `arguments` and waits until it prints `ready`; its output is
    /// its process's log. (`stdbuf -oL`: its output comes line by line, as in a terminal.)
    func launch(_ name: String, _ arguments: [String] = [], readyWhen ready: String) async throws -> ManagedProcess {
        let (process, _) = try ManagedProcess.start("stdbuf", ["-oL", try Self.executable(name)] + arguments, environment: environment)
        try await process.waitForLog(containing: ready)
        return process
    }

    /// Runs a command of example `name` to its end.
    func run(_ name: String, _ arguments: [String]) throws -> CommandResult {
        try Command.run(try Self.executable(name), arguments, environment: environment)
    }

    /// usernoted's Center1, for looking at what an app has scheduled.
    func center() async throws -> Proxy {
        Proxy.usernotedCenter(on: try await bus.connect())
    }

    /// Waits until dunst shows exactly `count` notifications.
    func expectDisplayed(_ count: Int) async throws {
        let desktop = desktop
        _ = try await withDeadline(.seconds(10), "dunst showing \(count) notifications") {
            while try desktop.displayedCount() != count { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
    }
}
