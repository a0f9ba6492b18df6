/// The message bus's own interface, `org.freedesktop.DBus`.
public enum Bus {
    public static let name = "org.freedesktop.DBus"
    public static let path: ObjectPath = "/org/freedesktop/DBus"
    public static let interface = "org.freedesktop.DBus"

    /// `RequestName` flags.
    public struct RequestNameFlags: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let allowReplacement = RequestNameFlags(rawValue: 1)
        public static let replaceExisting = RequestNameFlags(rawValue: 2)
        public static let doNotQueue = RequestNameFlags(rawValue: 4)
    }

    /// `RequestName` results.
    public enum RequestNameReply: UInt32, Sendable {
        case primaryOwner = 1, inQueue, exists, alreadyOwner
    }

    /// A `NameOwnerChanged` signal: empty strings mean "no owner".
    public struct NameOwnerChange: Sendable, Hashable {
        public var name: String
        public var oldOwner: String
        public var newOwner: String
    }

    /// The unique names of connections that join or leave the bus (``Connection/arrivals()``,
    /// ``Connection/departures()``). Named rather than `some AsyncSequence`, as
    /// ``NameOwnerChanges`` is: an opaque type is looked up by its mangled name at first use,
    /// which scans every protocol conformance in the binary.
    public typealias UniqueNames = AsyncCompactMapSequence<SignalStream, String>

    /// The bus's `NameOwnerChanged` signals (``Connection/nameOwnerChanges(of:)``).
    public typealias NameOwnerChanges = AsyncCompactMapSequence<SignalStream, Bus.NameOwnerChange>

    /// What `GetConnectionCredentials` tells about a peer.
    public struct Credentials: Sendable, Hashable {
        public var processID: UInt32?
        public var userID: UInt32?

        public init(processID: UInt32?, userID: UInt32?) {
            self.processID = processID
            self.userID = userID
        }
    }
}

extension Connection {
    private func busCall(_ method: String, _ arguments: [Value]) async throws -> [Value] {
        try await call(destination: Bus.name, path: Bus.path, interface: Bus.interface, method: method, arguments)
    }

    /// Asks the bus for a well-known name.
    public func requestName(_ name: String, flags: Bus.RequestNameFlags = [.doNotQueue]) async throws -> Bus.RequestNameReply {
        let reply = try await busCall("RequestName", [.string(name), .uint32(flags.rawValue)])
        guard let code = reply.first?.as(UInt32.self), let result = Bus.RequestNameReply(rawValue: code) else {
            throw DBusError(.failed, "unexpected RequestName reply \(reply)")
        }
        return result
    }

    /// Gives a well-known name back; true when this connection had it.
    @discardableResult
    public func releaseName(_ name: String) async throws -> Bool {
        try await busCall("ReleaseName", [.string(name)]).first?.as(UInt32.self) == 1
    }

    /// The unique name owning `name`, or nil when nobody does.
    public func nameOwner(_ name: String) async throws -> String? {
        do {
            return try await busCall("GetNameOwner", [.string(name)]).first?.as(String.self)
        } catch let error as DBusError where error.name == .nameHasNoOwner {
            return nil
        }
    }

    /// The bus's own id (`GetId`): unique to this run of the bus daemon, so that with a unique
    /// name, which the bus never gives twice, it names one connection for good.
    public func busID() async throws -> String {
        guard let id = try await busCall("GetId", []).first?.as(String.self) else {
            throw DBusError(.failed, "the bus answered GetId without an id")
        }
        return id
    }

    /// Ownership changes of `name` (or of every name when nil), from now on; the
    /// subscription ends as ``SignalStream``'s does.
    public func nameOwnerChanges(of name: String? = nil) async throws -> Bus.NameOwnerChanges {
        try await signals(matching: Self.nameOwnerChanged(arguments: name.map { [0: $0] } ?? [:])).compactMap { @Sendable signal -> Bus.NameOwnerChange? in
            guard signal.body.count == 3, let n = signal.body[0].as(String.self),
                let old = signal.body[1].as(String.self), let new = signal.body[2].as(String.self)
            else { return nil }
            return Bus.NameOwnerChange(name: n, oldOwner: old, newOwner: new)
        }
    }

    /// The unique names of connections that leave the bus, from now on (one match rule:
    /// `NameOwnerChanged` with no new owner; well-known names that lose their owner are left out).
    public func departures() async throws -> Bus.UniqueNames {
        try await uniqueNames(withEmptyArgument: 2)
    }

    /// The unique names of connections that join the bus, from now on (one match rule:
    /// `NameOwnerChanged` with no old owner; well-known names that get an owner are left out).
    public func arrivals() async throws -> Bus.UniqueNames {
        try await uniqueNames(withEmptyArgument: 1)
    }

    /// The bus's `NameOwnerChanged` signals whose arguments match `arguments` (by index).
    private static func nameOwnerChanged(arguments: [Int: String]) -> MatchRule {
        MatchRule(sender: Bus.name, path: Bus.path, interface: Bus.interface, member: "NameOwnerChanged", arguments: arguments)
    }

    /// The unique names in `NameOwnerChanged` signals whose argument `index` is empty.
    private func uniqueNames(withEmptyArgument index: Int) async throws -> Bus.UniqueNames {
        try await signals(matching: Self.nameOwnerChanged(arguments: [index: ""])).compactMap { @Sendable signal -> String? in
            guard let name = signal.body.first?.as(String.self), name.hasPrefix(":") else { return nil }
            return name
        }
    }

    /// The peer's process and user ids, as the bus knows them.
    public func credentials(of peer: String) async throws -> Bus.Credentials {
        let reply = try await busCall("GetConnectionCredentials", [.string(peer)])
        guard let all = reply.first?.as([String: Value].self) else {
            throw DBusError(.failed, "unexpected GetConnectionCredentials reply \(reply)")
        }
        return Bus.Credentials(processID: all["ProcessID"]?.as(UInt32.self), userID: all["UnixUserID"]?.as(UInt32.self))
    }
}
