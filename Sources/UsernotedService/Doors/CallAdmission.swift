import DBus
import Synchronization
import UserNotificationsCore
import UsernotedAPI

/// Which calls the daemon's connection refuses as they are read, before it decodes them (the
/// hook it gives `Connection.admitCalls`): a call of a connection that already has its limit of
/// calls waiting, and a `Post` of an app over its rate. A flood is refused before it costs
/// decoding, checks or a place in the queue. ``refusal(of:)`` runs on the loop for every call
/// read; ``Forwarders`` raise their owners' limits from the doors' tasks.
final class CallAdmission: Sendable {
    /// How many calls of one connection may wait to be answered; more are refused as they are
    /// read with `LimitExceeded` (a client that waits for its replies never has more than a few).
    static let callsWaitingPerSender = 256
    /// How fast a connection hears its calls refused as they are read: 64 at once, then 1 000
    /// a second, the rest held (16 384 of all connections at most, some 8 MiB; past that they go
    /// at once): a flood slows to that pace instead of crowding the bus every other app shares,
    /// and a connection's held refusals are all answered within libdbus's default call timeout
    /// of 25 s.
    static let refusalPace = (burst: 64, perSecond: 1_000, capacity: 16_384)
    /// What a call past its connection's limit is answered (made once: a flood hears it often).
    private static let overLimit = CenterError(
        .limitExceeded, "more than \(callsWaitingPerSender) calls of this connection wait to be answered; wait for replies before sending more").dbusError

    /// The apps' post rate, shared with the center, which takes a token for each post.
    private let rate: SharedPostRate
    /// Senders that speak for many and may have more waiting (never fewer than the default).
    private let raised = Mutex<[String: Int]>([:])

    /// Admission by `rate`, and the default limit of waiting calls until a sender's is raised.
    init(rate: SharedPostRate) { self.rate = rate }

    /// Gives `connection` this admission and the refusals' pace.
    func apply(to connection: Connection) {
        connection.admitCalls { [self] head in refusal(of: head) }
        connection.paceRefusals(burst: Self.refusalPace.burst, perSecond: Self.refusalPace.perSecond, capacity: Self.refusalPace.capacity)
    }

    /// Lets `sender` have `limit` calls waiting instead of ``callsWaitingPerSender`` (a limit
    /// below the default leaves the default).
    func raise(to limit: Int, for sender: String) {
        raised.withLock { $0[sender] = max(limit, Self.callsWaitingPerSender) }
    }

    /// Why the call `head` is refused as it is read; nil when it is admitted. Under the default
    /// limit no lock is taken (a raised limit is never lower); only a `Post`'s first argument is read.
    func refusal(of head: CallHead) -> DBusError? {
        if head.waiting >= Self.callsWaitingPerSender, let sender = head.sender,
           head.waiting >= raised.withLock({ $0[sender] }) ?? Self.callsWaitingPerSender {
            return Self.overLimit
        }
        guard head.isCall(interface: Center1.interface, member: Center1.post.name), let named = head.firstString,
              let app = try? AppID(validating: named), rate.refuses(app)
        else { return nil }
        return CenterError.overRate(app, perSecond: rate.perSecond).dbusError
    }
}
