import DBus
import EventLoop
import UserNotificationsCore

#if canImport(Glibc)
import Glibc
#endif

/// Decides, for each call, whether its sender may act for the app id the call names (see
/// ``CallerIdentity``). A connection is identified once, from the bus's
/// `GetConnectionCredentials` and its process's `/proc` entries, as soon as it joins the bus
/// (or, if it was there before the daemon, when it first calls): the bus can only tell who a
/// connection is while it is connected, and a GLib app sends its notification without
/// waiting and quits, often before a check made at its call would reach the bus. Unique names
/// are never reused on a bus, and the identity is forgotten when the connection leaves, but
/// kept among the last ``departedKept`` that left: a call read before its sender left may be
/// served after the departure is heard.
actor CallerCheck {
    /// How many identities of connections that left are kept.
    static let departedKept = 64

    private let connection: Connection
    private let ownUID: UInt32
    private let home: String
    private var known: [String: CallerIdentity] = [:]
    /// The identities of the connections that left last, and their order, oldest first.
    private var departed: [String: CallerIdentity] = [:]
    private var departures = FIFO<String>()
    private var watch: Task<Void, Never>?

    /// Checks callers on `connection` against the daemon's own (effective) user id; `home`
    /// holds the sandboxed apps' own directories.
    init(connection: Connection, ownUID: UInt32 = UInt32(geteuid()), home: String = CallerCheck.userHome()) {
        self.connection = connection
        self.ownUID = ownUID
        self.home = home
    }

    /// `$HOME`, else the user database's home directory of the daemon's user.
    static func userHome() -> String {
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty { return home }
        return getpwuid(geteuid())?.pointee.pw_dir.map { String(cString: $0) } ?? "/"
    }

    deinit { watch?.cancel() }

    /// Starts identifying the connections that join the bus, and forgetting those that leave
    /// (two match rules: `NameOwnerChanged` with no old owner, and with no new owner).
    func start() async throws {
        let (joined, gone) = (try await connection.arrivals(), try await connection.departures())
        watch = Task { [weak self] in
            await withDiscardingTaskGroup { group in
                group.addTask { for await name in gone { await self?.forget(name) } }
                // Each one is asked about at once, not after the answer about the one before it:
                // the bus must hear the question before the connection leaves.
                for await name in joined { group.addTask { _ = await self?.identity(of: name) } }
            }
        }
    }

    /// The identity of the connection `sender` (a unique name).
    func identity(of sender: String) async -> CallerIdentity {
        if let found = known[sender] ?? departed[sender] { return found }
        guard !sender.isEmpty else { return .unidentified(reason: "the call has no sender") }
        let identity: CallerIdentity
        do {
            identity = CallerIdentity.identify(try await connection.credentials(of: sender), ownUID: ownUID)
        } catch {
            // The caller left before it could be asked about; nothing to remember.
            return .unidentified(reason: "the bus cannot tell who it is: \(error)")
        }
        known[sender] = identity
        return identity
    }

    /// The app id `named`, once `sender` is known to be allowed to act for it;
    /// with `runsPrograms`, also that the sender is not sandboxed (an exec handler runs
    /// outside any sandbox). Throws `AccessDenied` (another user: whatever the app id) or
    /// `InvalidAppId`.
    func app(_ named: String, of sender: String, runsPrograms: Bool = false) async throws -> AppID {
        let identity = await identity(of: sender)
        if case .otherUser = identity { throw identity.denial(for: nil) }
        if case .unidentified = identity { throw identity.denial(for: nil) }
        let app = try rethrowingModelErrors { () throws(ModelError) in try AppID(validating: named) }
        guard identity.mayAct(for: app) else { throw identity.denial(for: app) }
        if runsPrograms, identity.isSandboxed { throw identity.execDenial() }
        return app
    }

    /// The app id `named`, for a call only the user's unsandboxed programs may make (changing
    /// an app's settings): `AccessDenied` for a sandboxed app, even for its own app id.
    func user(_ named: String, of sender: String) async throws -> AppID {
        let app = try await app(named, of: sender)
        let identity = await identity(of: sender)
        if identity.isSandboxed { throw identity.settingsDenial() }
        return app
    }

    /// For a call whose empty app id means every app: nil once the sender may act for any
    /// app id (the user's unsandboxed programs); `AccessDenied` for anyone else.
    func everyApp(of sender: String) async throws -> AppID? {
        let identity = await identity(of: sender)
        guard case .user = identity else { throw identity.denial(for: nil) }
        return nil
    }

    /// The only directory `sender`'s attachments may come from, or nil for anywhere (see
    /// ``CallerIdentity/attachmentDirectory(home:)``).
    func attachmentDirectory(of sender: String) async -> String? {
        await identity(of: sender).attachmentDirectory(home: home)
    }

    /// How many connections' identities are remembered (for tests).
    var rememberedCount: Int { known.count }

    /// Whether the identity of the connection `name` is remembered (for tests).
    func remembers(_ name: String) -> Bool { known[name] != nil }

    /// Moves `name`'s identity among the departed, dropping the oldest past ``departedKept``.
    private func forget(_ name: String) {
        guard let identity = known.removeValue(forKey: name) else { return }
        departed[name] = identity
        departures.append(name)
        if departures.count > Self.departedKept, let oldest = departures.popFirst() { departed[oldest] = nil }
    }
}
