/// Where a broker listens, from a URL: `mqtt://host:port` (plain TCP, port 1883 unless given)
/// or `mqtts://host:port` (TLS, port 8883 unless given). An IPv6 host is written in brackets.
public struct BrokerAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// Whether the connection is TLS (`mqtts://`).
    public var tls: Bool

    public init(host: String, port: Int, tls: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    /// Reads `url`; nil when it is not `mqtt://` or `mqtts://` with a host and an optional port in 1…65535.
    public init?(url: String) {
        let tls: Bool
        let rest: Substring
        if url.hasPrefix("mqtts://") {
            (tls, rest) = (true, url.dropFirst("mqtts://".count))
        } else if url.hasPrefix("mqtt://") {
            (tls, rest) = (false, url.dropFirst("mqtt://".count))
        } else {
            return nil
        }
        let authority = rest.hasSuffix("/") ? rest.dropLast() : rest
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@") else { return nil }
        var host: Substring
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            host = parts[0]
            port = parts.count > 1 ? parts[1] : nil
        }
        guard !host.isEmpty else { return nil }
        let number = port.map { Int($0) } ?? (tls ? 8883 : 1883)
        guard let number, (1...65535).contains(number) else { return nil }
        self.init(host: String(host), port: number, tls: tls)
    }

    /// Whether the host is this machine (`localhost`, 127.0.0.0/8, `::1`): traffic that never leaves it.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.") && host.split(separator: ".").count == 4
    }

    public var description: String {
        "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}
