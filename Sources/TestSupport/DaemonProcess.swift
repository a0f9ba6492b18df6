import DBus
import Foundation

/// The built `usernoted` binary, started on a private bus as systemd would start it.
public final class DaemonProcess: Sendable {
    public let process: ManagedProcess
    /// Its `XDG_STATE_HOME` and `XDG_CONFIG_HOME` live here.
    public let home: URL

    /// The directory of the built products (where the test runner itself lives).
    public static var productsDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["USERNOTED_PRODUCTS"] { return URL(filePath: override) }
        var url = Bundle.main.bundleURL
        while url.pathExtension == "xctest" || !FileManager.default.fileExists(atPath: url.appending(path: "usernoted").path) {
            let parent = url.deletingLastPathComponent()
            if parent == url { break }
            url = parent
        }
        return url
    }

    /// The built `usernoted` binary's path.
    public static var binary: String { productsDirectory.appending(path: "usernoted").path }

    /// Starts `usernoted` with `arguments` and `environment` and returns once it owns
    /// `io.github.usernoted`; its state and config go in `home` (the bus's `home` when nil).
    public init(bus: PrivateBus, environment: [String: String]? = nil, arguments: [String] = [], home: URL? = nil) async throws {
        let binary = Self.binary
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw TestSupportError("\(binary) is not built; run `swift build` before the tests (scripts/test does)")
        }
        self.home = home ?? bus.directory.appending(path: "home")
        var env = environment ?? bus.environment
        env["XDG_STATE_HOME"] = self.home.appending(path: "state").path
        env["XDG_CONFIG_HOME"] = self.home.appending(path: "config").path
        // Its notifications' sounds go to the test's own sound server (SoundServer), or to none:
        // never to the speakers of the machine the tests run on.
        if env["PULSE_SERVER"] == nil { env["PULSE_SERVER"] = "unix:" + bus.directory.appending(path: "no-sound-server").path }
        env["CANBERRA_DRIVER"] = "pulse"
        process = try await bus.start(binary, arguments, environment: env, owning: "io.github.usernoted", within: .seconds(15))
    }

    /// Stops it with SIGTERM; returns its wait status.
    @discardableResult
    public func stop() -> Int32? { process.stop() }

    deinit { process.stop() }
}
