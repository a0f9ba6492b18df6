import Testing
import TestSupport
@testable import DBus

@Suite struct MatchRuleTests {
    @Test func rendersTheBusSyntax() {
        let rule = MatchRule(sender: "org.example", path: "/a", interface: "org.example.I", member: "M", arguments: [0: "it's"])
        #expect(rule.text == "type='signal',sender='org.example',path='/a',interface='org.example.I',member='M',arg0='it'\\''s'")
    }

    @Test func matchesLocally() {
        let rule = MatchRule(interface: "org.example.I", member: "M", arguments: [1: "b"])
        let hit = Message.signal(path: "/", interface: "org.example.I", member: "M", body: [.string("a"), .string("b")])
        #expect(rule.matches(hit))
        #expect(!rule.matches(Message.signal(path: "/", interface: "org.example.I", member: "M", body: [.string("a"), .string("c")])))
        #expect(!rule.matches(Message.signal(path: "/", interface: "org.example.I", member: "N", body: [.string("a"), .string("b")])))
        #expect(!rule.matches(Message.methodCall(destination: nil, path: "/", interface: "org.example.I", member: "M")))
    }

    @Test func subscribersReceiveBroadcastAndUnicastSignals() async throws {
        let bus = try PrivateBus()
        let (emitter, listener) = (try await bus.connect(), try await bus.connect())
        let signals = try await listener.signals(matching: MatchRule(interface: "org.example.Ticks"))
        try emitter.emit(path: "/t", interface: "org.example.Ticks", name: "Tick", [.uint32(1)])
        try emitter.emit(path: "/t", interface: "org.example.Other", name: "Tick", [.uint32(99)])
        try emitter.emit(path: "/t", interface: "org.example.Ticks", name: "Tick", [.uint32(2)], destination: listener.uniqueName)
        var received: [Value] = []
        for await signal in signals {
            received += signal.body
            #expect(signal.sender == emitter.uniqueName)
            if received.count == 2 { break }
        }
        #expect(received == [.uint32(1), .uint32(2)])
    }

    /// Quotes in an argument, one of them before a combining mark (one Character with it, two
    /// scalars): the bus takes the rule and routes the signal whose argument is that text.
    @Test(.timeLimit(.minutes(1))) func anArgumentWithQuotesIsMatchedByTheBus() async throws {
        let bus = try PrivateBus()
        let (emitter, listener) = (try await bus.connect(), try await bus.connect())
        let value = "it's '\u{301}e'"
        let signals = try await listener.signals(matching: MatchRule(interface: "org.example.Ticks", arguments: [0: value]))
        try emitter.emit(path: "/t", interface: "org.example.Ticks", name: "Tick", [.string(value)])
        for await signal in signals {
            #expect(signal.body == [.string(value)])
            break
        }
    }

    @Test func endingTheStreamUnsubscribes() async throws {
        let bus = try PrivateBus()
        let (emitter, listener) = (try await bus.connect(), try await bus.connect())
        do {
            let signals = try await listener.signals(matching: MatchRule(interface: "org.example.Ticks"))
            try emitter.emit(path: "/t", interface: "org.example.Ticks", name: "Tick")
            for await _ in signals { break }
        }
        #expect(listener.subscriptionCount == 0)
    }
}
