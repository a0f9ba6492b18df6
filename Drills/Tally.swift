import DBus
import UsernotedAPI
import Synchronization
import TestSupport
import UserNotificationsCore

/// A working app handler: serves `Handler1` on its own connection, answers a fixed
/// disposition, and records every response it gets, so a drill can count what arrived and
/// what arrived twice.
final class Tally: Sendable {
    /// One response received.
    struct Arrival: Sendable, Hashable {
        var requestID: String
        var action: String
        var at: ContinuousClock.Instant
    }

    /// Where every drill app serves its handler.
    static let path: ObjectPath = "/org/example/Drills/Handler"

    let connection: Connection
    private let log = ArrivalLog()

    /// Serves the handler on `connection`, answering `disposition`.
    init(connection: Connection, disposition: String = "dismiss") {
        self.connection = connection
        let log = log
        connection.export([Interface(Handler1.interface, methods: [
            Method(Handler1.didReceive) { _, json in
                let response = try ModelJSON.decodeResponse(json)
                let arrival = Arrival(requestID: response.requestId, action: response.actionIdentifier, at: .now)
                log.record(arrival)
                return disposition
            },
        ])], at: Self.path)
    }

    /// A handler on a new connection to `bus` that owns `app` as its bus name (the app is running).
    static func owning(_ app: String, on bus: PrivateBus, disposition: String = "dismiss") async throws -> Tally {
        let tally = Tally(connection: try await bus.connect(), disposition: disposition)
        guard try await tally.connection.requestName(app) == .primaryOwner else {
            throw TestSupportError("\(app) is already owned on the drill's bus")
        }
        return tally
    }

    /// Waits for `count` more responses, at most `timeout` in all; returns those that came.
    func next(_ count: Int, within timeout: Duration) async -> [Arrival] {
        let deadline = ContinuousClock.now + timeout
        var arrivals: [Arrival] = []
        while arrivals.count < count, let arrival = try? await log.inbox.next(within: deadline - .now) {
            arrivals.append(arrival)
        }
        return arrivals
    }

    /// Waits `quiet` for anything more (a duplicate would come now); returns how many came.
    func extras(within quiet: Duration) async -> Int { await next(Int.max, within: quiet).count }

    /// Every response received so far.
    var all: [Arrival] { log.all }

    /// The requests that got a response with `action`.
    func requests(answered action: String) -> Set<String> {
        Set(all.filter { $0.action == action }.map(\.requestID))
    }

    /// How many responses came again after the first of their request and action.
    var duplicates: Int { all.count - Set(all.map { "\($0.requestID)\u{0}\($0.action)" }).count }

    /// Leaves the bus, as an app that quits.
    func quit() { connection.close() }
}

/// Every response a ``Tally`` received, in order, and an inbox to wait on.
private final class ArrivalLog: Sendable {
    private let arrivals = Mutex<[Tally.Arrival]>([])
    let inbox = Inbox<Tally.Arrival>()

    func record(_ arrival: Tally.Arrival) {
        arrivals.withLock { $0.append(arrival) }
        inbox.put(arrival)
    }

    var all: [Tally.Arrival] { arrivals.withLock { $0 } }
}
