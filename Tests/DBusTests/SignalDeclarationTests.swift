import Testing
import TestSupport
@testable import DBus

@Suite struct SignalDeclarationTests {
    static let greeted = SignalDeclaration<String, UInt32>("Greeted", "name", "times")

    @Test func anEmittedSignalIsReadBackTyped() async throws {
        let bus = try PrivateBus()
        let (emitter, listener) = (try await bus.connect(), try await bus.connect())
        let signals = try await listener.signals(matching: MatchRule(interface: "org.example.Greeter", member: "Greeted"))
        try emitter.emit(Self.greeted, path: "/greeter", interface: "org.example.Greeter", "anna", 2)
        var iterator = signals.makeAsyncIterator()
        let message = try #require(await iterator.next())
        let (name, times) = try Self.greeted.arguments(of: message)
        #expect(name == "anna" && times == 2)
        #expect(Self.greeted.signal.arguments.map(\.type) == [.string, .uint32])
    }

    @Test func aSignalOfOtherTypesIsAnErrorNotATrap() {
        let message = Message.signal(path: "/greeter", interface: "org.example.Greeter", member: "Greeted", body: [.string("anna")])
        #expect(throws: DBusError.self) { try Self.greeted.arguments(of: message) }
    }
}
