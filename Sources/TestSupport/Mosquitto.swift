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
        port = try Self.freePort()
        tlsPort = try tls.map { _ in try Self.freePort() }
        let tlsListener = zip([tlsPort].compactMap { $0 }, [tls].compactMap { $0 }).map { port, tls in
            "listener \(port) 127.0.0.1\ncafile \(tls.caFile)\ncertfile \(tls.serverCertificate)\nkeyfile \(tls.serverKey)\n"
        }.joined()
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
        process = Mutex(nil)
        try await start()
    }

    /// Starts it (again) and returns once it listens.
    public func start() async throws {
        let binary = FileManager.default.isExecutableFile(atPath: "/usr/sbin/mosquitto") ? "/usr/sbin/mosquitto" : "mosquitto"
        let (started, _) = try ManagedProcess.start(binary, ["-c", directory.appending(path: "mosquitto.conf").path])
        process.withLock { $0 = started }
        try await started.waitForLog(containing: "running", within: .seconds(10))
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

    /// A TCP port nobody listens on now (the kernel's pick for port 0 on loopback).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard fd >= 0, bound else { throw TestSupportError("cannot find a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
