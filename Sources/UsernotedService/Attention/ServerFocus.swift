import DBus
import FreedesktopNotifications
import Logging

/// The notification server's own do-not-disturb switch, read live (no polling): read once
/// when the server appears, then followed through the signal that says it flipped. Which
/// servers have one on the bus, and where, is data (``switches``); docs/focus.md lists them
/// and why the others cannot be read.
actor ServerFocus {
    /// A server's switch: where it is read, and the signal that carries its changes.
    struct Switch: Sendable {
        /// Who has it, for the log and the docs.
        var server: String
        /// The bus name, object and interface of the read method and the change signal.
        var busName: String
        var path: ObjectPath
        /// Where the switch is read now.
        var read: Reading
        /// The signal that says it changed, with the arguments it must carry.
        var change: (interface: String, member: String, arguments: [Int: String])
        /// The state a change signal carries (nil: it does not say; the switch is read again).
        var state: @Sendable (Message) -> Bool?
        /// Whether the server that said who it is (and what it can do) has this switch.
        var applies: @Sendable (ServerInformation?, ServerCapabilities) -> Bool

        /// A switch that is a property of the server's own object, changed with `PropertiesChanged`.
        static func property(
            _ server: String, interface: String, name: String,
            applies: @escaping @Sendable (ServerInformation?, ServerCapabilities) -> Bool
        ) -> Switch {
            Switch(
                server: server, busName: NotificationsServer.busName, path: NotificationsServer.path,
                read: .method(interface: Connection.propertiesInterface, method: "Get", arguments: [.string(interface), .string(name)]),
                change: (Connection.propertiesInterface, "PropertiesChanged", [0: interface]),
                state: { $0.changedProperty(name).flatMap(Self.boolean) },
                applies: applies)
        }

        /// Where a switch is read.
        enum Reading: Sendable, CustomStringConvertible {
            /// A method of the switch's object, with its arguments: its reply's first value is
            /// the state, or a variant of it.
            case method(interface: String, method: String, arguments: [Value])
            /// A boolean desktop setting (GSettings) that is `on` while the switch is.
            case setting(schema: String, key: String, on: Bool)

            var description: String {
                switch self {
                case .method(let interface, let method, _): "\(interface).\(method)"
                case .setting(let schema, let key, _): "the setting \(key) of \(schema)"
                }
            }
        }

        /// `value` as a boolean, unwrapped from its variants.
        static func boolean(_ value: Value) -> Bool? {
            switch value {
            case .boolean(let on): on
            case .variant(let inner): boolean(inner)
            default: nil
            }
        }
    }

    /// The switches usernoted reads: dunst's pause (`dunstctl set-paused`); the `Inhibited`
    /// property of servers with the `inhibitions` capability (KDE Plasma's do-not-disturb);
    /// xfce4-notifyd's (its xfconf setting, as its settings dialog writes it); GNOME Shell's
    /// (`show-banners` off, as its Do Not Disturb toggle writes it, which dconf says changed).
    static let switches: [Switch] = [
        .property("dunst", interface: "org.dunstproject.cmd0", name: "paused") { info, _ in info?.name == "dunst" },
        .property("KDE Plasma", interface: NotificationsServer.interface, name: "Inhibited") { _, capabilities in
            capabilities.names.contains("inhibitions")
        },
        Switch(
            server: "xfce4-notifyd", busName: "org.xfce.Xfconf", path: "/org/xfce/Xfconf",
            read: .method(interface: "org.xfce.Xfconf", method: "GetProperty", arguments: [.string("xfce4-notifyd"), .string("/do-not-disturb")]),
            change: ("org.xfce.Xfconf", "PropertyChanged", [0: "xfce4-notifyd", 1: "/do-not-disturb"]),
            state: { $0.body.count >= 3 ? Switch.boolean($0.body[2]) : nil },  // (channel, property, value)
            applies: { info, _ in info?.name == "Xfce Notify Daemon" }),
        Switch(
            server: "GNOME Shell", busName: "ca.desrt.dconf", path: "/ca/desrt/dconf/Writer/user",
            read: .setting(schema: "org.gnome.desktop.notifications", key: "show-banners", on: false),
            change: ("ca.desrt.dconf.Writer", "Notify", [:]),
            state: { _ in nil },  // (prefix, keys, tag) of any key: the setting is read again
            applies: { info, _ in info?.name == "gnome-shell" }),
    ]

    private let connection: Connection
    private let logger: Logger
    /// Told the switch's state whenever it may have changed.
    private let changed: @Sendable (Bool) async -> Void
    /// The current server's switch (its index in ``switches``); nil: it has none we can read.
    private var current: Int?
    private var watch: Task<Void, Never>?
    /// The desktop settings read, once made (GIO makes each once: it watches them from then on).
    private var settings: [String: DesktopSetting] = [:]

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
        current = Self.switches.firstIndex { $0.applies(information, capabilities) }
        guard let index = current else { return await changed(false) }
        let found = Self.switches[index]
        do {
            let changes = try await connection.signals(matching: MatchRule(
                sender: found.busName, path: found.path, interface: found.change.interface, member: found.change.member,
                arguments: found.change.arguments))
            watch = Task { [weak self] in
                for await message in changes { await self?.signalled(message, index: index) }
            }
            logger.info("following the notification server's do-not-disturb switch", metadata: [
                "server": "\(found.server)", "from": "\(found.read)"])
        } catch {
            logger.notice("cannot follow the notification server's do-not-disturb switch; Focus follows usernoted's own only",
                          metadata: ["server": "\(found.server)", "error": "\(error)"])
            return await changed(false)
        }
        do {
            await changed(try await read(found))
        } catch {
            // Its settings service may not run yet (it is started on demand): off until it says otherwise.
            logger.notice("cannot read the notification server's do-not-disturb switch now; off until it changes",
                          metadata: ["server": "\(found.server)", "error": "\(error)"])
            await changed(false)
        }
    }

    /// Stops following.
    func stop() {
        watch?.cancel()
        watch = nil
    }

    private func signalled(_ message: Message, index: Int) async {
        guard index == current else { return }
        let watched = Self.switches[index]
        if let on = watched.state(message) { return await changed(on) }
        if let on = try? await read(watched) { await changed(on) }
    }

    private func read(_ watched: Switch) async throws -> Bool {
        switch watched.read {
        case .setting(let schema, let key, let on):
            let name = "\(schema) \(key)"
            if settings[name] == nil { settings[name] = DesktopSetting(schema: schema, key: key) }
            guard let setting = settings[name] else { throw DBusError(.failed, "\(watched.read) is not installed") }
            return setting.value == on
        case .method(let interface, let method, let arguments):
            let reply: [Value]
            do {
                reply = try await connection.call(
                    destination: watched.busName, path: watched.path, interface: interface, method: method, arguments, timeout: .seconds(5))
            } catch let error as DBusError where error.name.rawValue.hasSuffix(".PropertyNotFound") {
                return false  // xfconf: never set, so off
            }
            guard let on = reply.first.flatMap(Switch.boolean) else {
                throw DBusError(.invalidSignature, "\(method) of \(watched.busName) did not answer a boolean")
            }
            return on
        }
    }
}
