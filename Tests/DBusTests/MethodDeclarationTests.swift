import Testing
import TestSupport
@testable import DBus

@Suite struct MethodDeclarationTests {
    static let hello = MethodDeclaration<String, UInt32, String>("Hello", in: "name", "times", out: "greeting")

    @Test func theSignatureComesFromTheSwiftTypes() {
        #expect(Self.hello.inputs == [Argument(name: "name", type: .string), Argument(name: "times", type: .uint32)])
        #expect(Self.hello.outputs == [Argument(name: "greeting", type: .string)])
        let notify = MethodDeclaration<[String], [String: Value], NoReply>("Show", in: "actions", "hints")
        #expect(Signature(notify.inputs.map(\.type)).description == "asa{sv}")
        #expect(notify.outputs.isEmpty)
    }

    @Test func aBodyOfTheDeclaredTypesIsReadTyped() throws {
        let (name, times) = try TypedBody.decode([.string("anna"), .uint32(3)], as: String.self, UInt32.self, in: "Hello")
        #expect(name == "anna" && times == 3)
    }

    @Test(arguments: [
        [Value.string("anna")],  // one short
        [.string("anna"), .int32(3)],  // a different type
        [.string("anna"), .uint32(3), .uint32(4)],  // one too many
    ])
    func aBodyOfOtherTypesIsAnInvalidArgsErrorSayingWhatCameAndWhatWasWanted(_ body: [Value]) {
        #expect {
            _ = try TypedBody.decode(body, as: String.self, UInt32.self, in: "Hello")
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.name == .invalidArgs && error.message == "Hello carries \"\(Signature(body.map(\.type)))\", not \"su\""
        }
    }

    @Test func aTypedCallGetsTheTypedReply() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
        server.export([Interface("org.example.Greeter", methods: [
            Method(Self.hello) { _, name, times in Array(repeating: "hello \(name)", count: Int(times)).joined(separator: ", ") },
        ])], at: "/greeter")
        let proxy = Proxy(connection: client, destination: server.uniqueName, path: "/greeter", interface: "org.example.Greeter")
        #expect(try await proxy.call(Self.hello, "anna", 2) == "hello anna, hello anna")
    }

    @Test func aReplyOfOtherTypesIsAnInvalidSignatureErrorNamingTheMethod() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
        // The server answers the method with an integer; the caller expects a string.
        server.export([Interface("org.example.Counter", methods: [
            Method(MethodDeclaration<Int32>("Count", out: "n")) { _ in 7 },
        ])], at: "/counter")
        let proxy = Proxy(connection: client, destination: server.uniqueName, path: "/counter", interface: "org.example.Counter")
        await #expect {
            _ = try await proxy.call(MethodDeclaration<String>("Count", out: "text"))
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.name == .invalidSignature && error.message == "Count replied \"i\", not \"s\""
        }
    }
}
