import CDBus

/// What a method call says of itself before it is decoded, for the hook that admits calls
/// (``Connection/admitCalls(_:)``): its sender and how many of the sender's calls wait, read
/// once; its member and first argument read from the message only when asked. Valid only
/// while the hook runs.
public struct CallHead {
    /// The call as libdbus read it; not kept past the hook.
    let raw: OpaquePointer
    /// Its sender's unique name; nil on a peer-to-peer connection.
    public let sender: String?
    /// How many calls of its sender wait to be answered, this one not counted.
    public let waiting: Int

    /// Whether it is a call of `member` of `interface` (checked for every call read, so
    /// without the heap copies that passing the names as C strings directly would make).
    public func isCall(interface: String, member: String) -> Bool {
        interface.withCString { interface in
            member.withCString { dbus_message_is_method_call(raw, interface, $0) != 0 }
        }
    }

    /// Its first argument when that is a string (read without decoding the rest); nil otherwise.
    public var firstString: String? {
        var arguments = DBusMessageIter()
        guard dbus_message_iter_init(raw, &arguments) != 0, dbus_message_iter_get_arg_type(&arguments) == CDBUS_TYPE_STRING
        else { return nil }
        var first: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&arguments, &first)
        return first.map { String(cString: $0) }
    }
}
