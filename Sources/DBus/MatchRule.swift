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

    /// The rule as the bus reads it, e.g. `type='signal',interface='org.example',member='Ping'`
    /// (appended piece by piece: the standard library's `joined(separator:)` costs a
    /// conformance scan at its first use).
    public var text: String {
        var rule = "type='signal'"
        if let sender { rule += ",sender='\(sender)'" }
        if let path { rule += ",path='\(path)'" }
        if let interface { rule += ",interface='\(interface)'" }
        if let member { rule += ",member='\(member)'" }
        for (index, value) in arguments.sorted(by: { $0.key < $1.key }) {
            rule += ",arg\(index)='"
            // `'` is written `'\''`: close the quotes, an escaped quote, open them again. By
            // scalar, as the bus reads bytes: a quote followed by a combining mark is one Character.
            for scalar in value.unicodeScalars {
                if scalar == "'" { rule += "'\\''" } else { rule.unicodeScalars.append(scalar) }
            }
            rule += "'"
        }
        return rule
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
