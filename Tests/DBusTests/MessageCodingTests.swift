import CDBus
import Foundation
import Testing
import TestSupport
@testable import DBus

/// Every value type travels through a real dbus-daemon and back unchanged.
@Suite struct MessageCodingTests {
    static let samples: [Value] = [
        .byte(0), .byte(255), .boolean(true), .boolean(false),
        .int16(-32768), .uint16(65535), .int32(-2_147_483_648), .uint32(4_294_967_295),
        .int64(Int64.min), .uint64(UInt64.max), .double(-0.5), .double(1e308),
        .string(""), .string("héllo ✓ 🎉"), .objectPath("/"), .objectPath("/io/github/usernoted"),
        .signature("a{sv}"), .signature(""),
        .array(.string, []), .array(.string, [.string("a"), .string("b")]), .array(.array(.byte), [.array(.byte, [.byte(1)])]),
        .dictionary(key: .string, value: .variant, []),
        .dictionary(key: .string, value: .variant, [DictionaryEntry(.string("k"), .variant(.int32(1))), DictionaryEntry(.string("j"), .variant(.array(.string, [])))]),
        .dictionary(key: .uint32, value: .dictionary(key: .string, value: .string), [DictionaryEntry(.uint32(7), .dictionary(key: .string, value: .string, [DictionaryEntry(.string("a"), .string("b"))]))]),
        .structure([.int32(1), .string("x"), .array(.int32, [.int32(2)])]),
        .variant(.variant(.structure([.boolean(true)]))),
        .array(.variant, [.variant(.string("s")), .variant(.uint64(3))]),
    ]

    @Test(arguments: samples)
    func valueRoundTripsThroughTheBus(_ value: Value) async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
        server.export([Interface("org.example.Echo", methods: [
            Method(MethodDeclaration<Value, Value>("Echo", in: "value", out: "value")) { _, value in value },
        ])], at: "/echo")
        let reply = try await client.call(
            destination: server.uniqueName, path: "/echo", interface: "org.example.Echo", method: "Echo", [.variant(value)])
        #expect(reply == [.variant(value)])
        #expect(reply.first.map { $0.as(Value.self)?.type } == value.type)
    }

    @Test func everyTopLevelArgumentKeepsItsType() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
        let values = Self.samples.filter { if case .variant = $0 { false } else { true } }
        let arguments = values.map { Argument(name: "a\(Int.random(in: 0...1_000_000))", type: $0.type) }
        server.export([Interface("org.example.Echo", methods: [
            Method("EchoAll", inputs: arguments, outputs: arguments, body: .serial { call in call.arguments }),
        ])], at: "/echo")
        let reply = try await client.call(
            destination: server.uniqueName, path: "/echo", interface: "org.example.Echo", method: "EchoAll", values)
        #expect(reply == values)
    }

    @Test func unixFileDescriptorsArriveAsWorkingDuplicates() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
        server.export([Interface("org.example.Files", methods: [
            Method(MethodDeclaration<UnixFD, String>("Read", in: "fd", out: "text")) { _, received in
                let handle = FileHandle(fileDescriptor: received.rawValue, closeOnDealloc: false)  // the message closes it
                return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            },
        ])], at: "/files")
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("through a descriptor".utf8))
        try pipe.fileHandleForWriting.close()
        let reply = try await client.call(
            destination: server.uniqueName, path: "/files", interface: "org.example.Files", method: "Read",
            [.unixFD(UnixFD(pipe.fileHandleForReading.fileDescriptor))])
        #expect(reply == [.string("through a descriptor")])
    }

    /// The duplicates libdbus hands out are the message's: a peer that sends descriptors where
    /// nobody wants them (inside a variant of an `a{sv}`, as the portal sends icons) costs the
    /// receiver none once the call is answered.
    @Test func descriptorsAMessageCarriedAreClosedWhenItGoes() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
        server.export([Interface("org.example.Files", methods: [
            Method(MethodDeclaration<[String: Value], NoReply>("Ignore", in: "options")) { _, _ in },
        ])], at: "/files")
        let pipe = Pipe()
        let own = pipe.fileHandleForReading.fileDescriptor
        // The descriptors open on the pipe, this process's own included (other tests open and
        // close descriptors meanwhile, so they are told apart by what they point at).
        @Sendable func onThePipe() throws -> Int {
            let pipeName = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(own)")
            return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == pipeName
            }
        }
        let before = try onThePipe()  // its two ends
        for _ in 0..<20 {
            _ = try await client.call(
                destination: server.uniqueName, path: "/files", interface: "org.example.Files", method: "Ignore",
                [["icon": Value.variant(.unixFD(UnixFD(own)))].dbusValue])
        }
        _ = try await withDeadline(.seconds(5), "the received descriptors closed") {
            while try onThePipe() > before { try await Task.sleep(for: .milliseconds(10)) }
            return true
        }
        #expect(try onThePipe() == before, "only this process's own")
    }

    @Test func stringsWithNULAreRefusedBeforeSending() throws {
        let message = Message.signal(path: "/", interface: "org.example.X", member: "Y", body: [.string("a\u{0}b")])
        #expect(throws: DBusError.self) { try message.encode() }
    }

    @Test func mismatchedContainerElementsAreRefused() throws {
        let message = Message.signal(path: "/", interface: "org.example.X", member: "Y", body: [.array(.string, [.int32(1)])])
        #expect { try message.encode() } throws: { ($0 as? DBus.DBusError)?.message.contains("array of s holds a i") == true }
    }

    @Test func everyKindOfMessageKeepsItsHeaderFieldsAndFlags() throws {
        var call = Message.methodCall(
            destination: "org.example.Dest", path: "/a/b", interface: "org.example.I", member: "M", body: [.string("x"), .uint32(2)])
        var quiet = call
        quiet.noReplyExpected = true
        quiet.autoStart = false
        quiet.interface = nil
        call.serial = 41
        call.sender = ":1.7"
        // Of one value at most, a call or signal gets its header first; of more, its body first.
        var single = call
        single.body = [.string("y")]
        var bare = quiet
        (bare.body, bare.destination) = ([], nil)
        let messages = [
            call, quiet, single, bare,
            Message.signal(path: "/s", interface: "org.example.S", member: "Changed", body: [.boolean(true)]),
            Message.signal(path: "/s", interface: "org.example.S", member: "Changed", destination: ":1.9"),
            Message.signal(path: "/s", interface: "org.example.S", member: "Both", body: [.byte(1), .string("z")], destination: ":1.9"),
            call.methodReturn([.int32(-1)]),
            call.errorReply(DBus.DBusError("org.example.Error.Broken", "it broke")),
        ]
        for message in messages {
            let raw = try message.encode()
            defer { dbus_message_unref(raw) }
            let decoded = try Message(decoding: raw)
            #expect(decoded.kind == message.kind)
            #expect(decoded.path == message.path)
            #expect(decoded.interface == message.interface)
            #expect(decoded.member == message.member)
            #expect(decoded.destination == message.destination)
            #expect(decoded.replySerial == message.replySerial)
            #expect(decoded.errorName == message.errorName)
            #expect(decoded.body == message.body)
            // Only a call may expect a reply, and only when it says so (libdbus marks signals and replies as wanting none).
            #expect(decoded.noReplyExpected == (message.kind != .methodCall || message.noReplyExpected))
            #expect(decoded.autoStart == message.autoStart)
        }
    }

    @Test func signalsOnTheReservedLocalPathOrInterfaceAreRefused() throws {
        for message in [
            Message.signal(path: "/org/freedesktop/DBus/Local", interface: "org.example.S", member: "Changed"),
            Message.signal(path: "/s", interface: "org.freedesktop.DBus.Local", member: "Disconnected"),
        ] {
            #expect { try message.encode() } throws: { ($0 as? DBus.DBusError)?.message.contains("reserved for libdbus") == true }
        }
    }

    @Test func invalidHeaderNamesAreRefusedWithTheirName() throws {
        let message = Message.methodCall(destination: "not a name", path: "/", interface: "org.example.X", member: "Y")
        #expect { try message.encode() } throws: { ($0 as? DBus.DBusError)?.message.contains("\"not a name\" is not a valid D-Bus bus name") == true }
    }
}
