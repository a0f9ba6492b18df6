// Writes the seed corpus of the dbus-message fuzz target: typical messages of our traffic,
// marshalled as they travel. Compiled with the DBus module's sources by `scripts/fuzz seeds`.
import CDBus
import Foundation

@main
enum DBusSeeds {
    static func main() throws {
        let directory = URL(filePath: CommandLine.arguments[1])
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let hints: [DictionaryEntry] = [
            DictionaryEntry(.string("urgency"), .variant(.byte(1))),
            DictionaryEntry(.string("desktop-entry"), .variant(.string("org.example.Calendar"))),
            DictionaryEntry(.string("resident"), .variant(.boolean(true))),
            DictionaryEntry(.string("x-usernoted-request"), .variant(.string("standup"))),
        ]
        var reply = Message(kind: .methodReturn, replySerial: 7, destination: ":1.5", body: [.string("dismiss")])
        reply.sender = ":1.9"
        let messages: [String: Message] = [
            "notify": .methodCall(
                destination: "org.freedesktop.Notifications", path: "/org/freedesktop/Notifications",
                interface: "org.freedesktop.Notifications", member: "Notify",
                body: [.string("org.example.Calendar"), .uint32(0), .string(""), .string("Weekly Staff Meeting"),
                       .string("Every Tuesday at 2pm"), .array(.string, ["default", "Open", "ACCEPT_ACTION", "Accept"].map(Value.string)),
                       .dictionary(key: .string, value: .variant, hints), .int32(-1)]),
            "add": .methodCall(
                destination: "io.github.usernoted", path: "/io/github/usernoted", interface: "io.github.usernoted.Center1",
                member: "Add", body: [.string("org.example.Calendar"), .string(#"{"identifier": "standup", "content": {"title": "Hi"}}"#)]),
            "remove-pending": .methodCall(
                destination: "io.github.usernoted", path: "/io/github/usernoted", interface: "io.github.usernoted.Center1",
                member: "RemovePending", body: [.string("org.example.Calendar"), .array(.string, [.string("a"), .string("b")])]),
            "did-receive-reply": reply,
            "error": Message(kind: .error, replySerial: 3, errorName: "io.github.usernoted.Error.LimitExceeded",
                             destination: ":1.5", body: [.string("org.example.Calendar posts more than 100 notifications a second")]),
            "action-invoked": .signal(
                path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications", member: "ActionInvoked",
                body: [.uint32(42), .string("ACCEPT_ACTION")], destination: ":1.5"),
            "nested": .signal(
                path: "/org/example", interface: "org.example.Nested", member: "Everything",
                body: [.array(.structure([.string, .int32]), [.structure([.string("a"), .int32(1)])]),
                       .variant(.variant(.array(.byte, [.byte(1), .byte(2)]))),
                       .dictionary(key: .uint32, value: .array(.string), [DictionaryEntry(.uint32(1), .array(.string, []))])]),
            "get-all-reply": Message(
                kind: .methodReturn, replySerial: 9, destination: ":1.5",
                body: [.dictionary(key: .string, value: .variant, [
                    DictionaryEntry(.string("x"), .variant(.int64(-5))), DictionaryEntry(.string("t"), .variant(.uint64(5))),
                    DictionaryEntry(.string("d"), .variant(.double(2.5))), DictionaryEntry(.string("n"), .variant(.int16(-2))),
                    DictionaryEntry(.string("q"), .variant(.uint16(2))), DictionaryEntry(.string("o"), .variant(.objectPath("/a/b"))),
                    DictionaryEntry(.string("g"), .variant(.signature(try Signature(parsing: "a{sv}")))),
                ])]),
        ]
        for (name, message) in messages {
            let raw = try message.encode()
            dbus_message_set_serial(raw, 1)
            var bytes: UnsafeMutablePointer<CChar>?
            var length: Int32 = 0
            guard dbus_message_marshal(raw, &bytes, &length) != 0, let bytes else { fatalError("cannot marshal \(name)") }
            try Data(bytes: bytes, count: Int(length)).write(to: directory.appending(path: name))
            dbus_free(bytes)
            dbus_message_unref(raw)
        }
    }
}
