import Foundation
import Testing
import TestSupport
@testable import DBus
import EventLoop

@Suite struct ConnectionTests {
    static let slow = Interface("org.example.Slow", methods: [
        Method(MethodDeclaration<UInt32, NoReply>("Sleep", in: "milliseconds")) { _, milliseconds in
            try await Task.sleep(for: .milliseconds(Int(milliseconds)))
        },
        Method(MethodDeclaration<NoReply>("Fail")) { _ in throw DBusError("org.example.Error.Broken", "it broke, try turning it off and on") },
    ])

    @Test func connectsAndGetsAUniqueName() async throws {
        let bus = try PrivateBus()
        let connection = try await bus.connect()
        #expect(connection.uniqueName.hasPrefix(":"))
        #expect(connection.isConnected)
    }

    @Test func aBadAddressIsAnErrorNotACrash() async {
        await #expect(throws: DBusError.self) { try await Connection.open(address: "unix:path=/nonexistent/usernoted-test-bus") }
    }

    @Test func openingWaitsForTheBusWithoutHoldingUpItsLoop() async throws {
        let bus = try PrivateBus()
        let hung = try ListeningSocket(at: bus.directory.appending(path: "hung").path)
        let loop = LoopThread(name: "test.opening")
        let opening = Task { try await Connection.open(address: "unix:path=" + hung.path, loop: loop) }
        try await Task.sleep(for: .milliseconds(100))
        // The bus never answers; the loop still runs work and serves other connections.
        let other = try await withDeadline(.seconds(5), "a connection on the same loop") {
            try await Connection.open(address: bus.address, loop: loop)
        }
        #expect(other.uniqueName.hasPrefix(":"))
        opening.cancel()
        _ = try await withDeadline(.seconds(5), "the cancelled opening") {
            await #expect(throws: DBusError.self) { try await opening.value }
        }
    }

    @Test func aConnectionsSocketSitsInItsLoopsOwnEpoll() async throws {
        let bus = try PrivateBus()
        let loop = LoopThread(name: "test.epoll")
        let before = try Self.descriptors(in: loop.epoll)
        let connection = try await Connection.open(address: bus.address, loop: loop)
        let added = try Self.descriptors(in: loop.epoll).subtracting(before)
        #expect(added.count == 1)
        #expect(try added.allSatisfy { try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)").hasPrefix("socket:") })
        connection.close()
        #expect(try Self.descriptors(in: loop.epoll) == before, "the closed connection's socket left the loop's epoll")
    }

    /// The descriptors an epoll instance of this process watches (its `tfd:` lines in fdinfo).
    static func descriptors(in epoll: Int32) throws -> Set<Int32> {
        let info = try String(contentsOfFile: "/proc/self/fdinfo/\(epoll)", encoding: .utf8)
        return Set(info.split(separator: "\n").compactMap { line in
            line.hasPrefix("tfd:") ? line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int32($0) } : nil
        })
    }

    @Test func errorRepliesCarryTheirNameAndMessage() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
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
        let (server, client) = (try await bus.connect(), try await bus.connect())
        server.export([Self.slow], at: "/slow")
        // The server would answer after 5 s; a call that waited for it would succeed.
        await #expect {
            try await client.call(
                destination: server.uniqueName, path: "/slow", interface: "org.example.Slow", method: "Sleep",
                [.uint32(5_000)], timeout: .milliseconds(200))
        } throws: { ($0 as? DBusError)?.name == .noReply }
    }

    /// A short timeout after a long one still fires on time, the long call keeps waiting for
    /// its answer, and the connection goes on answering.
    @Test func aShortTimeoutAfterALongOneFiresFirst() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
        server.export([Self.slow], at: "/slow")
        @Sendable func sleep(_ milliseconds: UInt32, timeout: Duration) async throws {
            _ = try await client.call(
                destination: server.uniqueName, path: "/slow", interface: "org.example.Slow", method: "Sleep",
                [.uint32(milliseconds)], timeout: timeout)
        }
        let long = Task { try await sleep(300, timeout: .seconds(20)) }
        try await Task.sleep(for: .milliseconds(50))
        let start = ContinuousClock.now
        await #expect { try await sleep(2_000, timeout: .milliseconds(200)) } throws: { ($0 as? DBusError)?.name == .noReply }
        #expect(ContinuousClock.now - start < .seconds(10), "the short call waited for the long one's 20 s")
        try await long.value
        try await sleep(1, timeout: .seconds(20))
    }

    @Test func cancellingACallEndsItAtOnce() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
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
        let client = try await bus.connect()
        await #expect {
            try await client.call(destination: "org.example.Nobody", path: "/", interface: "org.example.X", method: "Y")
        } throws: { ($0 as? DBusError)?.name == .serviceUnknown }
    }

    @Test func aVanishedBusIsSeenNotFatal() async throws {
        let bus = try PrivateBus()
        let client = try await bus.connect()
        bus.stop()
        await client.waitUntilDisconnected()
        #expect(!client.isConnected)
        await #expect {
            try await client.call(destination: Bus.name, path: Bus.path, interface: Bus.interface, method: "GetId")
        } throws: { ($0 as? DBusError)?.name == .disconnected }
    }

    /// Many connections whose bus goes away together all see it: each socket reports a
    /// hang-up in the loop's epoll, which the loop hands to libdbus.
    @Test func manyConnectionsSeeTheirBusGoAwayTogether() async throws {
        for _ in 0..<10 {
            let bus = try PrivateBus()
            var connections: [Connection] = []
            for _ in 0..<32 { connections.append(try await bus.connect()) }
            bus.stop()
            for connection in connections { await connection.waitUntilDisconnected() }
            #expect(connections.allSatisfy { !$0.isConnected })
        }
    }

    @Test func closingEndsSignalStreams() async throws {
        let bus = try PrivateBus()
        let client = try await bus.connect()
        let signals = try await client.signals(matching: MatchRule(interface: "org.example.Nothing"))
        client.close()
        var count = 0
        for await _ in signals { count += 1 }
        #expect(count == 0)
        #expect(!client.isConnected)
    }

    @Test func manyConcurrentCallsAllGetTheirOwnReplies() async throws {
        let bus = try PrivateBus()
        let (server, client) = (try await bus.connect(), try await bus.connect())
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

    @Test func connectionsSharingALoopWithTheirTasksCallEachOther() async throws {
        let bus = try PrivateBus()
        let loop = LoopThread(name: "test.shared")
        let (a, b) = (try await Connection.open(address: bus.address, loop: loop), try await Connection.open(address: bus.address, loop: loop))
        let math = [Interface("org.example.Math", methods: [
            Method(MethodDeclaration<Int32, Int32>("Double", in: "x", out: "y")) { _, x in x * 2 },
        ])]
        a.export(math, at: "/math")
        b.export(math, at: "/math")
        let answers = try await withDeadline(.seconds(10), "calls both ways") {
            // A task on the connections' own loop, as usernoted runs its tasks.
            try await Task(executorPreference: OnLoop(loop)) {
                [try await a.call(destination: b.uniqueName, path: "/math", interface: "org.example.Math", method: "Double", [.int32(2)]),
                 try await b.call(destination: a.uniqueName, path: "/math", interface: "org.example.Math", method: "Double", [.int32(3)])]
            }.value
        }
        #expect(answers == [[.int32(4)], [.int32(6)]])
    }
}

/// Runs a task's jobs on `loop`.
private final class OnLoop: TaskExecutor {
    let loop: LoopThread

    init(_ loop: LoopThread) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.schedule { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
