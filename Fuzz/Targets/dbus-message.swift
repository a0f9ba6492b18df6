// Fuzz target: messages off the wire. libdbus demarshals the bytes (and refuses what is
// malformed); what it accepts goes through our decoding (Message(decoding:)) and the typed
// accessors the method handlers use. A message we decode must encode and decode back to
// the same body.
import CDBus
@testable import DBus

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDBusMessage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var error = CDBus.DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    let raw = data.withMemoryRebound(to: CChar.self, capacity: size) { dbus_message_demarshal($0, Int32(size), &error) }
    guard let raw else { return 0 }
    defer { dbus_message_unref(raw) }
    guard let message = try? Message(decoding: raw) else { return 0 }
    _ = message.description
    _ = message.error
    for value in message.body {
        _ = value.as(String.self)
        _ = value.as([String].self)
        _ = value.as(UInt32.self)
        _ = value.as(ObjectPath.self)
        _ = value.as([String: Value].self)
        _ = value.as([String: String].self)
    }
    guard let encoded = try? message.encode() else { return 0 }
    defer { dbus_message_unref(encoded) }
    // Compared as text: a NaN is not equal to itself, but prints the same (with its payload).
    let before = String(describing: message.body)
    let after = String(describing: (try? Message(decoding: encoded))?.body)
    require(after == "Optional(\(before))", "body changed in a round trip: \(before) became \(after)")
    return 0
}
