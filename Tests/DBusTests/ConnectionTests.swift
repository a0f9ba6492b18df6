import Foundation
import Testing
import TestSupport
@testable import DBus

@Suite struct ConnectionTests {
    static let slow = Interface("org.example.Slow", methods: [
        Method(MethodDeclaration<UInt32, NoReply>("Sleep", in: "milliseconds")) { _, milliseconds in
            try await Task.sleep(for: .milliseconds(Int(milliseconds)))
        },
        Method(MethodDeclaration<NoReply>("Fail")) { _ in throw DBusError("org.example.Error.Broken", "it broke, try turning it off and on") },
    ])

    @Test func connectsAndGetsAUniqueName() throws {
        let bus = try PrivateBus()
        let connection = try bus.connect()
        #expect(connection.uniqueName.hasPrefix(":"))
        #expect(connection.isConnected)
    }

    @Test func aBadAddressIsAnErrorNotACrash() {
        #expect(throws: DBusError.self) { try Connection(address: "unix:path=/nonexistent/usernoted-test-bus") }
    }

    @Test func errorRepliesCarryTheirNameAndMessage() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try bus.connect(), try bus.connect())
        server.export([Self.slow], at: "/slow")
        await #expect {
            try await client.call(destination: server.uniqueName, path: "/slow", interface: "org.example.Slow", method: "Fail")
        } throws: { error in
            let error = error as! DBusError
            return error.name.rawValue == "org.example.Error.Broken" && error.message == "it broke, try turning it off and on"
        }
    }

    @Test func callsTimeOutWithNoReply() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try bus.connect(), try bus.connect())
        server.export([Self.slow], at: "/slow")
        // The server would answer after 5 s; a call that waited for it would succeed.
        await #expect {
            try await client.call(
                destination: server.uniqueName, path: "/slow", interface: "org.example.Slow", method: "Sleep",
                [.uint32(5_000)], timeout: .milliseconds(200))
        } throws: { ($0 as? DBusError)?.name == .noReply }
    }

    @Test func cancellingACallEndsItAtOnce() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try bus.connect(), try bus.connect())
        server.export([Self.slow], at: "/slow")
        let task = Task {
            try await client.call(
                destination: server.uniqueName, path: "/slow", interface: "org.example.Slow", method: "Sleep", [.uint32(10_000)])
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func callsToAMissingPeerFailWithServiceUnknown() async throws {
        let bus = try PrivateBus()
        let client = try bus.connect()
        await #expect {
            try await client.call(destination: "org.example.Nobody", path: "/", interface: "org.example.X", method: "Y")
        } throws: { ($0 as? DBusError)?.name == .serviceUnknown }
    }

    @Test func aVanishedBusIsSeenNotFatal() async throws {
        let bus = try PrivateBus()
        let client = try bus.connect()
        bus.stop()
        await client.waitUntilDisconnected()
        #expect(!client.isConnected)
        await #expect {
            try await client.call(destination: Bus.name, path: Bus.path, interface: Bus.interface, method: "GetId")
        } throws: { ($0 as? DBusError)?.name == .disconnected }
    }

    /// Many connections whose bus goes away together all see it: each socket reports a
    /// hang-up, which the event loop hands to libdbus itself (libdispatch never sees these
    /// sockets; its handling of a hang-up raced with its own event thread and crashed the
    /// process, though rarely: this test did not reproduce that on demand).
    @Test func manyConnectionsSeeTheirBusGoAwayTogether() async throws {
        for _ in 0..<10 {
            let bus = try PrivateBus()
            let connections = try (0..<32).map { _ in try bus.connect() }
            bus.stop()
            for connection in connections { await connection.waitUntilDisconnected() }
            #expect(connections.allSatisfy { !$0.isConnected })
        }
    }

    @Test func closingEndsSignalStreams() async throws {
        let bus = try PrivateBus()
        let client = try bus.connect()
        let signals = try await client.signals(matching: MatchRule(interface: "org.example.Nothing"))
        client.close()
        var count = 0
        for await _ in signals { count += 1 }
        #expect(count == 0)
        #expect(!client.isConnected)
    }

    @Test func manyConcurrentCallsAllGetTheirOwnReplies() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try bus.connect(), try bus.connect())
        server.export([Interface("org.example.Math", methods: [
            Method(MethodDeclaration<Int32, Int32>("Double", in: "x", out: "y")) { _, x in x * 2 },
        ])], at: "/math")
        let results = try await withThrowingTaskGroup(of: (Int32, [Value]).self) { group in
            for i in Int32(0)..<200 {
                group.addTask {
                    (i, try await client.call(destination: server.uniqueName, path: "/math", interface: "org.example.Math", method: "Double", [.int32(i)]))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { $0.value == [.int32($0.key * 2)] })
    }

    @Test(arguments: ["dispatch queue", "loop thread"])
    func connectionsSharingAQueueWithTheirTasksCallEachOther(kind: String) async throws {
        let bus = try PrivateBus()
        let queue: any ConnectionQueue = kind == "loop thread" ? LoopThread(name: "test.shared") : DispatchQueue(label: "test.shared")
        let (a, b) = (try Connection(address: bus.address, queue: queue), try Connection(address: bus.address, queue: queue))
        let math = [Interface("org.example.Math", methods: [
            Method(MethodDeclaration<Int32, Int32>("Double", in: "x", out: "y")) { _, x in x * 2 },
        ])]
        a.export(math, at: "/math")
        b.export(math, at: "/math")
        let answers = try await withDeadline(.seconds(10), "calls both ways") {
            // A task on the connections' own queue, as usernoted runs its tasks.
            try await Task(executorPreference: QueueExecutor(queue)) {
                [try await a.call(destination: b.uniqueName, path: "/math", interface: "org.example.Math", method: "Double", [.int32(2)]),
                 try await b.call(destination: a.uniqueName, path: "/math", interface: "org.example.Math", method: "Double", [.int32(3)])]
            }.value
        }
        #expect(answers == [[.int32(4)], [.int32(6)]])
    }
}

/// Runs a task's jobs on `queue`.
private final class QueueExecutor: TaskExecutor {
    let queue: any ConnectionQueue

    init(_ queue: any ConnectionQueue) { self.queue = queue }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.schedule { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
