import Glibc
/// A D-Bus message as plain Swift data: header fields and a typed body.
///
/// Incoming messages are decoded from libdbus at once, so a `Message` never refers to
/// libdbus memory and crosses threads freely.
public struct Message: Sendable {
    /// The four kinds of message.
    public enum Kind: Sendable, Hashable {
        case methodCall, methodReturn, error, signal
    }

    public var kind: Kind
    /// The serial the sender's connection gave it; 0 until sent.
    public var serial: UInt32 = 0
    /// For replies: the serial of the call answered.
    public var replySerial: UInt32?
    public var path: ObjectPath?
    public var interface: String?
    public var member: String?
    /// For errors: the error name.
    public var errorName: String?
    /// The sender's unique name (set by the bus).
    public var sender: String?
    public var destination: String?
    public var body: [Value]
    /// For calls: the caller wants no reply.
    public var noReplyExpected = false
    /// For calls: the bus may start the destination's service to deliver it (D-Bus
    /// activation); when false, a call to a name nobody owns fails at once.
    public var autoStart = true
    /// The file descriptors a received message carried (its ``UnixFD`` values): open while
    /// the message is kept, closed when the last copy goes. Dup one to keep it longer.
    var received: ReceivedDescriptors?

    /// The body's signature.
    public var signature: Signature { Signature(body.map(\.type)) }

    /// A method call.
    public static func methodCall(
        destination: String?, path: ObjectPath, interface: String?, member: String, body: [Value] = []
    ) -> Message {
        Message(kind: .methodCall, path: path, interface: interface, member: member, destination: destination, body: body)
    }

    /// A signal, broadcast unless a destination is given.
    public static func signal(
        path: ObjectPath, interface: String, member: String, body: [Value] = [], destination: String? = nil
    ) -> Message {
        Message(kind: .signal, path: path, interface: interface, member: member, destination: destination, body: body)
    }

    /// A successful reply to this call.
    public func methodReturn(_ body: [Value]) -> Message {
        Message(kind: .methodReturn, replySerial: serial, destination: sender, body: body)
    }

    /// An error reply to this call.
    public func errorReply(_ error: DBusError) -> Message {
        Message(
            kind: .error, replySerial: serial, errorName: error.name.rawValue, destination: sender,
            body: [.string(error.message)])
    }

    /// For an error message: the error it carries.
    public var error: DBusError? {
        guard kind == .error else { return nil }
        let text: String = body.first.flatMap { $0.as(String.self) } ?? ""
        return DBusError(.init(errorName ?? DBusError.Name.failed.rawValue), text)
    }
}

extension Message: CustomStringConvertible {
    public var description: String {
        var parts = ["\(kind)"]
        if let sender { parts.append("sender=\(sender)") }
        if let destination { parts.append("destination=\(destination)") }
        if let path { parts.append("path=\(path)") }
        if let interface { parts.append("interface=\(interface)") }
        if let member { parts.append("member=\(member)") }
        if let errorName { parts.append("error=\(errorName)") }
        parts.append("signature=\(signature)")
        return parts.joined(separator: " ")
    }
}

/// File descriptors a received message owns, closed when it goes.
final class ReceivedDescriptors: Sendable {
    let descriptors: [Int32]
    init(_ descriptors: [Int32]) { self.descriptors = descriptors }
    deinit { for descriptor in descriptors { close(descriptor) } }
}
