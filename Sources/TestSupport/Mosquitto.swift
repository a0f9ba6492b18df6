import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A real mosquitto broker for a test: on a free loopback port, with its own config and
/// persistence directory (saved after every change, so a SIGKILL loses nothing it acknowledged).
/// It can be killed and started again on the same port with the same persistence. It runs as
/// the test's user (mosquitto started by root would otherwise become the `mosquitto` user, who
/// cannot write the test's directory).
public final class Mosquitto: Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: Int
    /// Its config file, persistence and log live here.
    public let directory: URL
    private let process: Mutex<ManagedProcess?>

    /// The broker's URL, for usernoted's `[push] broker`.
    public var url: String { "mqtt://127.0.0.1:\(port)" }

    /// The port of its TLS listener (127.0.0.1), when started with certificates.
    public let tlsPort: Int?

    /// The TLS listener's URL (the certificate is for `localhost`).
    public var tlsURL: String? { tlsPort.map { "mqtts://localhost:\($0)" } }

    /// Starts a broker; with `tls`, a second listener speaks TLS with its server certificate;
    /// `extraConfig` is appended to its config (ACLs and the like).
    public init(tls: TestCertificates? = nil, extraConfig: String = "") async throws {
        directory = try TemporaryDirectory.make(prefix: "usernoted-mosquitto")
        let (port, tlsPort, started) = try await Self.launchOnFreePorts(in: directory, tls: tls, extraConfig: extraConfig)
        (self.port, self.tlsPort) = (port, tlsPort)
        process = Mutex(started)
    }

    /// Writes a config with free ports and starts the broker; picks again when another test
    /// took a port between the check and the broker's bind.
    private static func launchOnFreePorts(
        in directory: URL, tls: TestCertificates?, extraConfig: String, triesLeft: Int = 5
    ) async throws -> (port: Int, tlsPort: Int?, ManagedProcess) {
        let port = try freePort()
        let tlsListener = try tls.map { (try freePort(), $0) }
        try writeConfig(in: directory, port: port, tls: tlsListener, extraConfig: extraConfig)
        do {
            return (port, tlsListener?.0, try await launch(in: directory))
        } catch where "\(error)".contains("Address already in use") && triesLeft > 1 {
            return try await launchOnFreePorts(in: directory, tls: tls, extraConfig: extraConfig, triesLeft: triesLeft - 1)
        }
    }

    /// Writes its config: a loopback listener on `port`, a TLS one when given, persistence in `directory`.
    private static func writeConfig(in directory: URL, port: Int, tls: (Int, TestCertificates)?, extraConfig: String) throws {
        let tlsListener = tls.map { port, tls in
            "listener \(port) 127.0.0.1\ncafile \(tls.caFile)\ncertfile \(tls.serverCertificate)\nkeyfile \(tls.serverKey)\n"
        } ?? ""
        let config = """
            listener \(port) 127.0.0.1
            user \(String(cString: getpwuid(getuid()).pointee.pw_name))
            allow_anonymous true
            persistence true
            persistence_location \(directory.path)/
            autosave_on_changes true
            autosave_interval 1
            log_dest stderr
            log_type error
            log_type warning
            log_type notice
            log_type information
            log_type subscribe
            \(tlsListener)
            \(extraConfig)
            """
        try config.write(to: directory.appending(path: "mosquitto.conf"), atomically: true, encoding: .utf8)
    }

    /// Starts it (again) and returns once it listens.
    public func start() async throws {
        let started = try await Self.launch(in: directory)
        process.withLock { $0 = started }
    }

    /// Starts mosquitto with the config in `directory` and returns it once it listens.
    private static func launch(in directory: URL) async throws -> ManagedProcess {
        let binary = FileManager.default.isExecutableFile(atPath: "/usr/sbin/mosquitto") ? "/usr/sbin/mosquitto" : "mosquitto"
        let (started, _) = try ManagedProcess.start(binary, ["-c", directory.appending(path: "mosquitto.conf").path])
        do {
            try await started.waitForLog(containing: "running", within: .seconds(10))
        } catch {
            started.stop(signal: SIGKILL)
            throw error
        }
        return started
    }

    /// Kills it with SIGKILL (no chance to save or to say goodbye).
    public func kill() {
        process.withLock { $0?.stop(signal: SIGKILL); $0 = nil }
    }

    /// Stops it with SIGTERM.
    public func stop() {
        process.withLock { $0?.stop(); $0 = nil }
    }

    /// What it logged in this run.
    public var log: String { process.withLock { $0?.log ?? "" } }

    /// Returns once a client has subscribed to `topic` (as the client wrote it, wildcards and all).
    public func waitForSubscription(to topic: String, within timeout: Duration = .seconds(20)) async throws {
        guard let running = process.withLock({ $0 }) else { throw TestSupportError("the broker is not running") }
        try await running.waitForLog(containing: " \(topic)", within: timeout)
    }

    deinit { _ = process.withLock { $0?.stop(signal: SIGKILL) } }

    /// A TCP port nobody listens on now, picked at random below the kernel's ephemeral range:
    /// a port the kernel hands out (port 0) can become some client's source port before the
    /// broker binds it.
    public static func freePort() throws -> Int {
        for _ in 0..<100 {
            let port = Int.random(in: 10_000..<32_768)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw TestSupportError("cannot open a socket: errno \(errno)") }
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            if bound { return port }
        }
        throw TestSupportError("cannot find a free port below 32768 in 100 tries")
    }
}
