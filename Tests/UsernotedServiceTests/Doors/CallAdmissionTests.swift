import DBus
import Testing
import TestSupport
import UserNotificationsCore
import UsernotedAPI
@testable import UsernotedService

/// The daemon's admission on a real bus: a connection given it refuses, as calls are read, a
/// `Post` of an app over its rate and a sender's calls past its limit of waiting calls, which a
/// forwarder's raised limit lifts.
@Suite struct CallAdmissionTests {
    static let calendar = try! AppID(validating: "org.example.Calendar")

    @Test func aPostOfAnAppOverItsRateIsRefusedAsItIsReadAndOthersAreNot() async throws {
        let bus = try PrivateBus()
        let server = try await bus.connect()
        let rate = SharedPostRate(perSecond: 1)
        CallAdmission(rate: rate).apply(to: server)
        #expect(rate.take(for: Self.calendar))  // its one post a second
        let client = try await bus.connect()
        let overRate = CenterError.overRate(Self.calendar, perSecond: 1).dbusError
        /// The error a call gets: the refusal, or (admitted) that nothing is served at the path.
        func error(_ member: String, _ app: String) async -> DBusError? {
            do {
                _ = try await client.call(Message.methodCall(
                    destination: server.uniqueName, path: Center1.path, interface: Center1.interface, member: member,
                    body: [.string(app), .string(""), .string("title"), .string("")]))
                return nil
            } catch { return error as? DBusError }
        }
        let refused = await error(Center1.post.name, Self.calendar.rawValue)
        #expect(refused?.name == overRate.name && refused?.message == overRate.message)
        #expect(await error(Center1.post.name, "org.example.News")?.name != overRate.name)
        #expect(await error("GetPending", Self.calendar.rawValue)?.name != overRate.name)
    }

    @Test func aSendersCallsPastItsLimitAreRefusedUnlessItsLimitWasRaised() async throws {
        let bus = try PrivateBus()
        let server = try await bus.connect()
        let gate = Inbox<Bool>()
        server.export([Interface("org.example.Work", methods: [
            Method(MethodDeclaration<String, NoReply>("Do", in: "who")) { _, _ in _ = try await gate.next(within: .seconds(20), "the gate") },
        ])], at: "/work")
        let admission = CallAdmission(rate: SharedPostRate(perSecond: 100))
        admission.apply(to: server)
        let (forwarder, other) = (try await bus.connect(), try await bus.connect())
        admission.raise(to: Forwarders.callsWaiting, for: forwarder.uniqueName)
        let calls = CallAdmission.callsWaitingPerSender + 8
        let outcomes = Inbox<(String, Bool)>()
        for (client, name) in [(forwarder, "forwarder"), (other, "other")] {
            for _ in 0..<calls {
                Task {
                    do {
                        _ = try await client.call(Message.methodCall(
                            destination: server.uniqueName, path: "/work", interface: "org.example.Work", member: "Do", body: [.string(name)]))
                        outcomes.put((name, true))
                    } catch let error as DBusError where error.name.rawValue.hasSuffix(".LimitExceeded") {
                        outcomes.put((name, false))
                    }
                }
            }
        }
        // The first call waits at the gate: the other's calls past its limit are refused, the forwarder's all wait.
        for _ in 0..<5 {
            let (name, answered) = try await outcomes.next(within: .seconds(20), "a refusal")
            #expect(name == "other" && !answered)
        }
        for _ in 0..<(2 * calls) { gate.put(true) }
        var answered = 0
        while answered < calls {
            let (name, ok) = try await outcomes.next(within: .seconds(20), "an outcome")
            if name == "forwarder" { #expect(ok); answered += 1 }
        }
    }
}
