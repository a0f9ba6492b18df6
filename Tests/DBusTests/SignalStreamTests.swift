import Testing
import TestSupport
@testable import DBus

@Suite struct SignalStreamTests {
    static let rule = MatchRule(interface: "org.example.Ticks")

    @Test func signalsArriveInTheOrderSentAndEachOnce() async throws {
        let bus = try PrivateBus()
        let (emitter, listener) = (try await bus.connect(), try await bus.connect())
        let signals = try await listener.signals(matching: Self.rule)
        for tick in UInt32(0)..<100 { try emitter.emit(path: "/t", interface: "org.example.Ticks", name: "Tick", [.uint32(tick)]) }
        var received: [Value] = []
        for await signal in signals {
            received += signal.body
            if received.count == 100 { break }
        }
        #expect(received == (0..<100).map { .uint32($0) })
    }

    @Test func aCancelledTakerEndsTheSubscriptionWhileTheStreamIsStillHeld() async throws {
        let bus = try PrivateBus()
        let listener = try await bus.connect()
        let signals = try await listener.signals(matching: Self.rule)
        #expect(try await Self.matchRules(of: listener, on: bus).contains(Self.rule.text))
        let taker = Task {
            var count = 0
            for await _ in signals { count += 1 }
            return count
        }
        taker.cancel()
        #expect(await taker.value == 0)
        // `signals` is still held here: the end of the sequence itself ends the subscription.
        #expect(listener.subscriptionCount == 0)
        try await Self.waitUntilTheBusDropsTheRule(of: listener, on: bus)
        withExtendedLifetime(signals) {}
    }

    @Test func droppingAStreamNeverTakenFromEndsTheSubscription() async throws {
        let bus = try PrivateBus()
        let listener = try await bus.connect()
        _ = try await listener.signals(matching: Self.rule)
        #expect(listener.subscriptionCount == 0)
        try await Self.waitUntilTheBusDropsTheRule(of: listener, on: bus)
    }

    /// Returns once the bus holds ``rule`` for `connection` no more; fails after 5 s.
    static func waitUntilTheBusDropsTheRule(of connection: Connection, on bus: PrivateBus) async throws {
        try await withDeadline(.seconds(5), "the bus dropping the match rule") {
            while try await matchRules(of: connection, on: bus).contains(rule.text) { try await Task.sleep(for: .milliseconds(10)) }
        }
    }

    /// The match rules the bus holds for `connection` (`Debug.Stats.GetAllMatchRules`).
    static func matchRules(of connection: Connection, on bus: PrivateBus) async throws -> [String] {
        let asker = try await bus.connect()
        defer { asker.close() }
        let reply = try await asker.call(
            destination: Bus.name, path: Bus.path, interface: "org.freedesktop.DBus.Debug.Stats", method: "GetAllMatchRules")
        return reply.first?.as([String: [String]].self)?[connection.uniqueName] ?? []
    }
}
