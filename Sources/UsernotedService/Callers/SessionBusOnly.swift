#if canImport(Glibc)
import Glibc
#endif

/// usernoted serves the session bus only: on the system bus, programs of every user could
/// reach it. It refuses to start when the system bus started it (`DBUS_STARTER_BUS_TYPE=system`)
/// or when `DBUS_SESSION_BUS_ADDRESS` names the system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else
/// the standard socket), compared socket by socket.
public enum SessionBusOnly {
    /// Where the system bus listens when `DBUS_SYSTEM_BUS_ADDRESS` is not set.
    static let standardSystemBus = "unix:path=/run/dbus/system_bus_socket"

    /// Why usernoted must not start.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// Throws when `environment` would put usernoted on the system bus.
    public static func check(_ environment: [String: String]) throws(Refusal) {
        if environment["DBUS_STARTER_BUS_TYPE"] == "system" {
            throw Refusal(description: "the system bus started it (DBUS_STARTER_BUS_TYPE=system), but usernoted serves the session bus only; install its activation file among the session services (share/dbus-1/services), not the system ones")
        }
        guard let session = environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty else { return }
        var systemAddresses = [standardSystemBus]
        if let system = environment["DBUS_SYSTEM_BUS_ADDRESS"], !system.isEmpty { systemAddresses.append(system) }
        let sessionEndpoints = Set(endpoints(of: session))
        if let shared = systemAddresses.flatMap(endpoints).first(where: sessionEndpoints.contains) {
            throw Refusal(description: "DBUS_SESSION_BUS_ADDRESS (\(session)) is the system bus (\(shared)), but usernoted serves the session bus only; start it in the user's session, e.g. systemctl --user start usernoted")
        }
    }

    /// One place a bus address lets a client connect: a socket file (by device and inode,
    /// so two spellings of one path match), else the address entry's text.
    enum Endpoint: Hashable, CustomStringConvertible {
        case socket(path: String, device: UInt64, inode: UInt64)
        case text(String)

        var description: String {
            switch self {
            case .socket(let path, _, _): path
            case .text(let text): text
            }
        }

        static func == (a: Endpoint, b: Endpoint) -> Bool {
            switch (a, b) {
            case (.socket(_, let d1, let i1), .socket(_, let d2, let i2)): d1 == d2 && i1 == i2
            case (.text(let t1), .text(let t2)): t1 == t2
            default: false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .socket(_, let device, let inode): hasher.combine(device); hasher.combine(inode)
            case .text(let text): hasher.combine(text)
            }
        }
    }

    /// The endpoints of a D-Bus address (`;`-separated entries of `transport:key=value,…`).
    static func endpoints(of address: String) -> [Endpoint] {
        address.split(separator: ";").map { entry in
            let entry = String(entry)
            guard entry.hasPrefix("unix:") else { return .text(entry) }
            let pairs = entry.dropFirst("unix:".count).split(separator: ",").map { $0.split(separator: "=", maxSplits: 1) }
            guard let path = pairs.first(where: { $0.first == "path" && $0.count == 2 }).map({ unescape($0[1]) }) else {
                // Abstract sockets, tmpdir=, runtime=: the entry without its guid.
                return .text("unix:" + pairs.filter { $0.first != "guid" }.map { $0.joined(separator: "=") }.joined(separator: ","))
            }
            var info = stat()
            guard stat(path, &info) == 0 else { return .text("unix:path=" + path) }
            return .socket(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }
    }

    /// A D-Bus address value with its `%XX` escapes decoded.
    static func unescape(_ value: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = value.utf8[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), rest.count >= 2,
               let decoded = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(decoded)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
