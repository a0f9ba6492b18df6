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
    /// Written piece by piece: `joined(separator:)`, which the standard library runs
    /// unspecialized, scans every protocol conformance of the binary the first time, on
    /// usernoted's way to its bus name.
    public var text: String {
        var text = "type='signal'"
        if let sender { text += ",sender='\(sender)'" }
        if let path { text += ",path='\(path)'" }
        if let interface { text += ",interface='\(interface)'" }
        if let member { text += ",member='\(member)'" }
        for (index, value) in arguments.sorted(by: { $0.key < $1.key }) {
            text += ",arg\(index)='"
            // A quote ends the quoted value, is written escaped, and starts it again.
            for character in value { text += character == "'" ? "'\\''" : String(character) }
            text += "'"
        }
        return text
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
