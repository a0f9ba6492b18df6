/// A signal match rule: sent to the bus as text (`AddMatch`) and applied locally, so
/// that signals addressed to this connection alone are filtered the same way.
public struct MatchRule: Hashable, Sendable {
    /// The sender: a unique name, or a well-known name (then checked by the bus only,
    /// since messages carry the owner's unique name).
    public var sender: String?
    public var path: ObjectPath?
    public var interface: String?
    public var member: String?
    /// Required values of leading string arguments, by index (`arg0='…'`).
    public var arguments: [Int: String]

    public init(
        sender: String? = nil, path: ObjectPath? = nil, interface: String? = nil, member: String? = nil,
        arguments: [Int: String] = [:]
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    /// The rule as the bus reads it, e.g. `type='signal',interface='org.example',member='Ping'`.
    public var text: String {
        var parts = ["type='signal'"]
        if let sender { parts.append("sender='\(sender)'") }
        if let path { parts.append("path='\(path)'") }
        if let interface { parts.append("interface='\(interface)'") }
        if let member { parts.append("member='\(member)'") }
        for (index, value) in arguments.sorted(by: { $0.key < $1.key }) {
            parts.append("arg\(index)='\(value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''"))'")
        }
        return parts.joined(separator: ",")
    }

    /// Whether `message` is a signal this rule selects.
    public func matches(_ message: Message) -> Bool {
        guard message.kind == .signal else { return false }
        if let sender, sender.hasPrefix(":"), message.sender != sender { return false }
        if let path, message.path != path { return false }
        if let interface, message.interface != interface { return false }
        if let member, message.member != member { return false }
        for (index, value) in arguments {
            guard index < message.body.count, message.body[index] == .string(value) else { return false }
        }
        return true
    }
}
