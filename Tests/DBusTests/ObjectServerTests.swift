import Testing
import TestSupport
@testable import DBus

@Suite struct ObjectServerTests {
    final class Box: @unchecked Sendable {
        // @unchecked: test-only storage, written by one handler at a time.
        var volume: Int32 = 3
    }

    static func greeter(_ box: Box) -> Interface {
        Interface(
            "org.example.Greeter",
            methods: [
                Method(MethodDeclaration<String, UInt32, String>("Hello", in: "name", "times", out: "greeting")) { _, name, times in
                    Array(repeating: "hello \(name)", count: Int(times)).joined(separator: ", ")
                },
                Method(MethodDeclaration<String>("Wrong", out: "x"), body: .serial { _ in [.int32(1)] }),
            ],
            signals: [SignalDeclaration<String>("Greeted", "name").signal],
            properties: [
                Property("Version", get: { "1.0" }),
                Property("Volume", get: { box.volume }, set: { value in box.volume = value }),
            ])
    }

    struct Peers {
        let bus: PrivateBus
        let server: Connection
        let client: Connection
        func call(
            _ interface: String?, _ member: String, _ body: [Value] = [], path: ObjectPath = "/greeter", timeout: Duration = .seconds(25)
        ) async throws -> [Value] {
            try await client.call(
                Message.methodCall(destination: server.uniqueName, path: path, interface: interface, member: member, body: body),
                timeout: timeout).body
        }
    }

    func peers(_ box: Box = Box()) async throws -> Peers {
        let bus = try PrivateBus()
        let peers = Peers(bus: bus, server: try await bus.connect(), client: try await bus.connect())
        peers.server.export([Self.greeter(box)], at: "/greeter")
        return peers
    }

    @Test func dispatchesToTheDeclaredHandler() async throws {
        let p = try await peers()
        #expect(try await p.call("org.example.Greeter", "Hello", [.string("ann"), .uint32(2)]) == [.string("hello ann, hello ann")])
        #expect(try await p.call(nil, "Hello", [.string("bo"), .uint32(1)]) == [.string("hello bo")])
    }

    @Test func unknownMethodIsNamedAndSaysWhich() async throws {
        let p = try await peers()
        await #expect { try await p.call("org.example.Greeter", "Goodbye") } throws: { error in
            let error = error as! DBusError
            return error.name == .unknownMethod && error.message.contains("Goodbye")
        }
    }

    @Test func wrongArgumentsSayWhatWasExpected() async throws {
        let p = try await peers()
        await #expect { try await p.call("org.example.Greeter", "Hello", [.string("ann")]) } throws: { error in
            let error = error as! DBusError
            return error.name == .invalidArgs && error.message.contains("s name, u times") && error.message.contains("\"su\"")
                && error.message.contains("called with \"s\"")
        }
    }

    @Test func unknownObjectAndInterfaceAreNamed() async throws {
        let p = try await peers()
        await #expect { try await p.call("org.example.Greeter", "Hello", path: "/nothing") } throws: {
            ($0 as? DBusError)?.name == .unknownObject
        }
        await #expect { try await p.call("org.example.Other", "Hello") } throws: { ($0 as? DBusError)?.name == .unknownInterface }
    }

    @Test func aHandlerReturningTheWrongTypesIsAnErrorReplyNotACrash() async throws {
        let p = try await peers()
        await #expect { try await p.call("org.example.Greeter", "Wrong") } throws: { ($0 as? DBusError)?.name == .failed }
        #expect(try await p.call(nil, "Hello", [.string("still"), .uint32(1)]) == [.string("hello still")])
    }

    @Test func propertiesComeFromTheDeclaration() async throws {
        let box = Box()
        let p = try await peers(box)
        let props = StandardInterface.properties
        #expect(try await p.call(props, "Get", [.string("org.example.Greeter"), .string("Version")]) == [.variant(.string("1.0"))])
        let all = try await p.call(props, "GetAll", [.string("org.example.Greeter")])
        #expect(all.first?.as([String: Value].self) == ["Version": .string("1.0"), "Volume": .int32(3)])
        _ = try await p.call(props, "Set", [.string("org.example.Greeter"), .string("Volume"), .variant(.int32(9))])
        #expect(box.volume == 9)
        await #expect { try await p.call(props, "Set", [.string("org.example.Greeter"), .string("Version"), .variant(.string("2"))]) } throws: {
            ($0 as? DBusError)?.name == .propertyReadOnly
        }
        await #expect { try await p.call(props, "Get", [.string("org.example.Greeter"), .string("Nope")]) } throws: {
            ($0 as? DBusError)?.name == .unknownProperty
        }
        await #expect { try await p.call(props, "Set", [.string("org.example.Greeter"), .string("Volume"), .variant(.string("loud"))]) } throws: {
            ($0 as? DBusError)?.name == .invalidArgs
        }
    }

    @Test func aPeerWithManyCallsWaitingDoesNotHoldUpAnothersCall() async throws {
        let bus = try PrivateBus()
        let server = try await bus.connect()
        let served = Inbox<String>()
        let gate = Inbox<Bool>()
        server.export([Interface("org.example.Work", methods: [
            Method(MethodDeclaration<String, NoReply>("Do", in: "who")) { _, who in
                if who == "busy-0" { _ = try await gate.next(within: .seconds(10), "the gate") }  // the backlog builds up behind it
                served.put(who)
            },
        ])], at: "/work")
        let busy = try await bus.connect()
        let other = try await bus.connect()
        func work(_ who: String) -> Message {
            Message.methodCall(destination: server.uniqueName, path: "/work", interface: "org.example.Work", member: "Do", body: [.string(who)])
        }
        for index in 0..<20 { try busy.send(work("busy-\(index)")) }  // sent in order, replies not awaited
        _ = try await busy.nameOwner(Bus.name)  // the bus answers in order: the backlog is on its way to the server
        try other.send(work("other"))
        _ = try await other.nameOwner(Bus.name)
        gate.put(true)
        var order: [String] = []
        for _ in 0..<21 { order.append(try await served.next()) }
        // In arrival order, "other" would be served last, after all 20 of the busy peer's calls.
        let position = try #require(order.firstIndex(of: "other"))
        #expect(position < 20, "served in this order: \(order)")
        #expect(order.filter { $0.hasPrefix("busy-") } == (0..<20).map { "busy-\($0)" })  // each peer's calls in the order sent
    }

    @Test func aSenderWithTooManyCallsWaitingIsRefusedAtOnceAndOthersAreNot() async throws {
        let bus = try PrivateBus()
        let server = try await bus.connect()
        let gate = Inbox<Bool>()
        server.export([Interface("org.example.Work", methods: [
            Method(MethodDeclaration<String, NoReply>("Do", in: "who")) { _, who in
                if who == "busy-0" { _ = try await gate.next(within: .seconds(10), "the gate") }  // the others wait behind it
            },
        ])], at: "/work")
        server.admitCalls { head in head.waiting >= 3 ? DBusError(.init("org.example.Error.TooMany"), "wait for replies") : nil }
        let busy = try await bus.connect()
        let other = try await bus.connect()
        func work(_ who: String, on client: Connection) async throws {
            _ = try await client.call(Message.methodCall(
                destination: server.uniqueName, path: "/work", interface: "org.example.Work", member: "Do", body: [.string(who)]))
        }
        let outcomes = Inbox<String>()
        for index in 0..<10 {
            Task {
                do {
                    try await work("busy-\(index)", on: busy)
                    outcomes.put("busy-\(index)")
                } catch let error as DBusError where error.name.rawValue == "org.example.Error.TooMany" && error.message == "wait for replies" {
                    outcomes.put("refused")
                }
            }
        }
        // Three wait behind the first (or the first too, when it had not started yet): the rest
        // are refused while the first still runs, and nothing is answered meanwhile.
        var seen: [String] = []
        for _ in 0..<6 { seen.append(try await outcomes.next(within: .seconds(10), "a refusal")) }
        #expect(seen == Array(repeating: "refused", count: 6))
        async let otherAnswered: Void = work("other", on: other)  // its own line is empty: not refused
        gate.put(true)
        try await otherAnswered
        for _ in 6..<10 { seen.append(try await outcomes.next(within: .seconds(10), "an outcome")) }
        #expect(seen.contains("busy-0") && seen.filter { $0 == "refused" }.count <= 7, "outcomes: \(seen)")
    }

    /// The hook hears each call's sender: one that forwards many others' calls (the portal
    /// frontend) may be let have more waiting.
    @Test func aSenderWithARaisedLimitIsNotRefusedWhereOthersAre() async throws {
        let bus = try PrivateBus()
        let server = try await bus.connect()
        let gate = Inbox<Bool>()
        server.export([Interface("org.example.Work", methods: [
            Method(MethodDeclaration<String, NoReply>("Do", in: "who")) { _, _ in _ = try await gate.next(within: .seconds(10), "the gate") },
        ])], at: "/work")
        let (forwarder, other) = (try await bus.connect(), try await bus.connect())
        server.admitCalls { [forwarder = forwarder.uniqueName] head in
            head.waiting >= (head.sender == forwarder ? 20 : 2) ? DBusError(.init("org.example.Error.TooMany"), "wait for replies") : nil
        }
        let outcomes = Inbox<(String, Bool)>()
        for (client, name) in [(forwarder, "forwarder"), (other, "other")] {
            for _ in 0..<8 {
                Task {
                    do {
                        _ = try await client.call(Message.methodCall(
                            destination: server.uniqueName, path: "/work", interface: "org.example.Work", member: "Do", body: [.string(name)]))
                        outcomes.put((name, true))
                    } catch { outcomes.put((name, false)) }
                }
            }
        }
        // The other's calls past its limit are refused at once; the forwarder's all wait.
        var refused: [String] = []
        for _ in 0..<5 { refused.append(try await outcomes.next(within: .seconds(10), "a refusal").0) }
        #expect(refused == Array(repeating: "other", count: 5))
        for _ in 0..<16 { gate.put(true) }
        var answered: [String: Int] = [:]
        for _ in 0..<11 {
            let (name, ok) = try await outcomes.next(within: .seconds(10), "an answer")
            if ok { answered[name, default: 0] += 1 }
        }
        #expect(answered["forwarder"] == 8, "\(answered)")
    }

    @Test func aFloodsRefusalsComeAtThePaceWhileAnotherSenderIsServedAndNoneIsLost() async throws {
        let bus = try PrivateBus()
        let server = try await bus.connect()
        server.export([Self.greeter(Box())], at: "/greeter")
        let arrived = Inbox<Bool>()
        server.admitCalls { head in
            guard head.isCall(interface: "org.example.Greeter", member: "Hello"), head.firstString == "flood" else { return nil }
            arrived.put(true)
            return DBusError(.init("org.example.Error.Slow"), "slow down")
        }
        // Slow enough that the flood is held however spread out its calls arrive (a loaded
        // machine sends them over a while): one at once, then two a second.
        server.paceRefusals(burst: 1, perSecond: 2, capacity: 1000)
        let flooder = try await bus.connect()
        let other = try await bus.connect()
        func hello(_ name: String, on client: Connection) async throws -> [Value] {
            try await client.call(Message.methodCall(
                destination: server.uniqueName, path: "/greeter", interface: "org.example.Greeter", member: "Hello",
                body: [.string(name), .uint32(1)])).body
        }
        let refused = Inbox<Int>()
        let flood = 16
        for index in 0..<flood {
            Task {
                do {
                    _ = try await hello("flood", on: flooder)
                } catch let error as DBusError where error.name.rawValue == "org.example.Error.Slow" && error.message == "slow down" {
                    refused.put(index)
                }
            }
        }
        for _ in 0..<flood { _ = try await arrived.next(within: .seconds(20), "flood call at the server") }
        let held = server.heldRefusals, heldAt = ContinuousClock.now
        #expect(held > 0, "every refusal of the flood went as its call was read")
        #expect(try await hello("ann", on: other) == [.string("hello ann")])
        for _ in 0..<flood { _ = try await refused.next(within: .seconds(20), "refusal") }
        // What was held came at two a second: the last of them (held - 1) / 2 s after the first could go.
        #expect(ContinuousClock.now - heldAt >= .milliseconds(450 * max(held - 1, 0)), "\(held) held refusals came faster than two a second")
        #expect(server.heldRefusals == 0)
    }

    @Test func aScreenedCallIsRefusedAsItIsReadAndOthersAreServed() async throws {
        let p = try await peers()
        p.server.admitCalls { head in
            head.isCall(interface: "org.example.Greeter", member: "Hello") && head.firstString == "mallory"
                ? DBusError(.init("org.example.Error.Screened"), "not you") : nil
        }
        await #expect {
            _ = try await p.call("org.example.Greeter", "Hello", [.string("mallory"), .uint32(1)])
        } throws: { error in
            (error as? DBusError)?.name.rawValue == "org.example.Error.Screened" && (error as? DBusError)?.message == "not you"
        }
        #expect(try await p.call("org.example.Greeter", "Hello", [.string("ann"), .uint32(1)]) == [.string("hello ann")])
    }

    @Test func aPipelinedCallsRestOverlapsTheNextCallsAndASerialCallWaitsForIt() async throws {
        let bus = try PrivateBus()
        let server = try await bus.connect()
        let log = Inbox<String>()
        let gates = ["a": Inbox<Bool>(), "b": Inbox<Bool>()]
        server.export([Interface("org.example.Work", methods: [
            Method.pipelined(MethodDeclaration<String, NoReply>("Start", in: "who")) { _, who in
                if who == "a" { try await Task.sleep(for: .milliseconds(50)) }  // b must still wait for this part
                log.put("start \(who)")
                return {
                    _ = try await gates[who]!.next(within: .seconds(10), "the gate of \(who)")
                    log.put("end \(who)")
                    return NoReply()
                }
            },
            Method(MethodDeclaration<NoReply>("Read")) { _ in
                log.put("read")
            },
        ])], at: "/work")
        let client = try await bus.connect()
        for (member, body) in [("Start", [Value.string("a")]), ("Start", [.string("b")]), ("Read", [])] {
            try client.send(Message.methodCall(destination: server.uniqueName, path: "/work", interface: "org.example.Work", member: member, body: body))
        }
        // b starts once a's ordered part is done, while a's rest is under way; the serial
        // Read waits for both rests.
        #expect(try await log.next() == "start a")
        #expect(try await log.next() == "start b")
        gates["b"]!.put(true)
        #expect(try await log.next() == "end b")
        gates["a"]!.put(true)
        #expect(try await log.next() == "end a")
        #expect(try await log.next() == "read")
    }

    @Test func aReplyThatCannotBeSentBecomesAnErrorNotASilence() async throws {
        let p = try await peers()
        p.server.export([Interface("org.example.Broken", methods: [
            Method(MethodDeclaration<String>("Nul", out: "text")) { _ in "a\u{0}b" },  // D-Bus strings cannot hold NUL
        ])], at: "/broken")
        await #expect { try await p.client.call(Message.methodCall(
            destination: p.server.uniqueName, path: "/broken", interface: "org.example.Broken", member: "Nul"),
            timeout: .seconds(20))  // generous: the whole suite in parallel on 2 cores can hold the server's task for seconds
        } throws: { error in
            let error = error as! DBusError
            return error.name == .failed && error.message.contains("could not be sent")
        }
    }

    @Test func peerPingAnswers() async throws {
        let p = try await peers()
        #expect(try await p.call(StandardInterface.peer, "Ping") == [])
        let id = try await p.call(StandardInterface.peer, "GetMachineId")
        #expect(id.first?.as(String.self)?.count == 32)
    }

    @Test func unexportedPathsStopAnswering() async throws {
        let p = try await peers()
        p.server.unexport("/greeter")
        await #expect { try await p.call(nil, "Hello", [.string("x"), .uint32(1)]) } throws: { ($0 as? DBusError)?.name == .unknownObject }
    }

    @Test func introspectionListsMethodsSignalsPropertiesAndChildren() async throws {
        let p = try await peers()
        let xml = try await p.call(StandardInterface.introspectable, "Introspect").first?.as(String.self) ?? ""
        #expect(xml.contains("<interface name=\"org.example.Greeter\">"))
        #expect(xml.contains("<method name=\"Hello\">\n   <arg name=\"name\" type=\"s\" direction=\"in\"/>\n   <arg name=\"times\" type=\"u\" direction=\"in\"/>\n   <arg name=\"greeting\" type=\"s\" direction=\"out\"/>"))
        #expect(xml.contains("<signal name=\"Greeted\">\n   <arg name=\"name\" type=\"s\"/>"))
        #expect(xml.contains("<property name=\"Volume\" type=\"i\" access=\"readwrite\"/>"))
        #expect(xml.contains("<property name=\"Version\" type=\"s\" access=\"read\"/>"))
        #expect(xml.contains("<interface name=\"org.freedesktop.DBus.Properties\">"))
        let root = try await p.call(StandardInterface.introspectable, "Introspect", path: "/").first?.as(String.self) ?? ""
        #expect(root.contains("<node name=\"greeter\"/>"))
        #expect(!root.contains("org.example.Greeter"))
    }
}
