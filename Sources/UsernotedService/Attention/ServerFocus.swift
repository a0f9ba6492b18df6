import DBus
import FreedesktopNotifications
import Logging

/// The notification server's own do-not-disturb switch, read live from its properties (no
/// polling): `PropertiesChanged` says when it flips. Which servers have one on the bus is data
/// (``switches``); docs/focus.md lists them and why the others cannot be read.
actor ServerFocus {
    /// A server's switch: the property that is true while it holds notifications back.
    struct Switch: Sendable, Hashable {
        /// Who has it, for the log and the docs.
        var server: String
        /// The interface of the property, on the server's `/org/freedesktop/Notifications` object.
        var interface: String
        var property: String
        /// Whether the server that said who it is (and what it can do) has this switch.
        var applies: @Sendable (ServerInformation?, ServerCapabilities) -> Bool

        static func == (a: Switch, b: Switch) -> Bool { (a.server, a.interface, a.property) == (b.server, b.interface, b.property) }
        func hash(into hasher: inout Hasher) { hasher.combine(server); hasher.combine(interface); hasher.combine(property) }
    }

    /// The switches usernoted reads: dunst's `paused` (`dunstctl set-paused`), and the
    /// `Inhibited` property of servers with the `inhibitions` capability (KDE Plasma's do-not-disturb).
    static let switches = [
        Switch(server: "dunst", interface: "org.dunstproject.cmd0", property: "paused") { info, _ in info?.name == "dunst" },
        Switch(server: "KDE Plasma", interface: NotificationsServer.interface, property: "Inhibited") { _, capabilities in
            capabilities.names.contains("inhibitions")
        },
    ]

    private let connection: Connection
    private let logger: Logger
    /// Told the switch's state whenever it may have changed.
    private let changed: @Sendable (Bool) async -> Void
    /// The current server's switch; nil: it has none we can read.
    private var current: Switch?
    private var watch: Task<Void, Never>?

    /// Follows the switch on `connection`, telling `changed` its state.
    init(connection: Connection, logger: Logger, changed: @escaping @Sendable (Bool) async -> Void) {
        self.connection = connection
        self.logger = logger
        self.changed = changed
    }

    /// A server said who it is: follows its switch, if it has one we read (off otherwise).
    func serverAppeared(_ information: ServerInformation?, _ capabilities: ServerCapabilities) async {
        watch?.cancel()
        watch = nil
        current = Self.switches.first { $0.applies(information, capabilities) }
        guard let found = current else { return await changed(false) }
        do {
            let changes = try await connection.signals(matching: MatchRule(
                sender: NotificationsServer.busName, path: NotificationsServer.path,
                interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", arguments: [0: found.interface]))
            await changed(try await read(found))
            logger.info("following the notification server's do-not-disturb switch", metadata: [
                "server": "\(found.server)", "property": "\(found.interface).\(found.property)"])
            watch = Task { [weak self] in
                for await message in changes { await self?.propertiesChanged(message, of: found) }
            }
        } catch {
            logger.notice("cannot read the notification server's do-not-disturb switch; Focus follows usernoted's own only",
                          metadata: ["server": "\(found.server)", "error": "\(error)"])
            await changed(false)
        }
    }

    /// Stops following.
    func stop() {
        watch?.cancel()
        watch = nil
    }

    private func propertiesChanged(_ message: Message, of watched: Switch) async {
        guard watched == current, message.body.count >= 2 else { return }
        if case .dictionary(_, _, let entries) = message.body[1],
           let entry = entries.first(where: { $0.key == .string(watched.property) }),
           case .variant(.boolean(let on)) = entry.value {
            return await changed(on)
        }
        // Invalidated without its value: read it.
        if message.body.count >= 3, case .array(_, let names) = message.body[2], names.contains(.string(watched.property)),
           let on = try? await read(watched) {
            await changed(on)
        }
    }

    private func read(_ watched: Switch) async throws -> Bool {
        let reply = try await connection.call(
            destination: NotificationsServer.busName, path: NotificationsServer.path,
            interface: "org.freedesktop.DBus.Properties", method: "Get",
            [.string(watched.interface), .string(watched.property)], timeout: .seconds(5))
        guard case .variant(.boolean(let on))? = reply.first else {
            throw DBusError(.invalidSignature, "\(watched.interface).\(watched.property) is not a boolean")
        }
        return on
    }
}
