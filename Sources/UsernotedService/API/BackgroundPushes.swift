import Foundation
import Logging
import UserNotificationsCore
import UsernotedAPI

/// Background pushes (`content-available` without an alert): shown nowhere, each handed to the
/// router as a response with the action `background` and the payload's custom keys as
/// `userInfo`, for the app's handler (through the outbox, once). At most `perHour` of an app's in
/// any hour; past that they are coalesced into one, the newest (kept in the store), which goes
/// out when the hour allows. What went out in the hour is remembered in memory only: a restarted
/// daemon starts every budget afresh and hands over what was held at once.
actor BackgroundPushes {
    /// A response for the router to put in the outbox, and who waits until it is there.
    struct Arrival: Sendable {
        var response: NotificationResponse
        var recorded: CheckedContinuation<Void, Never>?
    }

    /// What the router takes from here: each response to put in the outbox.
    nonisolated let arrivals: AsyncStream<Arrival>
    private let arrivalsContinuation: AsyncStream<Arrival>.Continuation
    private let store: Store
    private let logger: Logger
    private let now: @Sendable () -> Date
    private var perHour: Int
    /// When each app's pushes of the last hour went out, oldest first.
    private var sent: [AppID: [Date]] = [:]
    /// Each app's newest push past its budget.
    private var held: [AppID: NotificationResponse] = [:]
    private var timer: (any WakeTimer)?
    static let hour: TimeInterval = 3600

    init(store: Store, perHour: Int, logger: Logger, now: @escaping @Sendable () -> Date) {
        (arrivals, arrivalsContinuation) = AsyncStream.makeStream()
        self.store = store
        self.perHour = perHour
        self.logger = logger
        self.now = now
    }

    /// Takes a new budget (config.toml read again); it applies to the next push.
    func setPerHour(_ perHour: Int) { self.perHour = perHour }

    /// Starts waking on `timer`, and hands over what a previous run held.
    func start(timer: any WakeTimer) async {
        self.timer = timer
        for response in (try? await store.heldBackground()) ?? [] {
            try? await store.releaseBackground(of: response.appId)
            send(response)
        }
    }

    /// A background push `identifier` of `app` with `userInfo`: in the outbox, or held as the
    /// newest past the budget, before this returns.
    func received(_ identifier: String, of app: AppID, userInfo: [String: JSONValue]) async throws(CenterError) {
        let date = now()
        let response = NotificationResponse(
            appId: app, requestId: identifier, actionIdentifier: NotificationResponse.backgroundPushActionIdentifier,
            notification: NotificationRequest(identifier: identifier, content: NotificationContent(userInfo: userInfo)), date: date)
        let recent = recentlySent(by: app, at: date)
        guard recent.count >= perHour else {
            return await withCheckedContinuation { recorded in send(response, recorded: recorded) }
        }
        try await saving("the background push") { try await store.holdBackground(response, at: date) }
        if let older = held[app] {
            logger.info("background push: coalesced into a newer one (budget backgroundPushesPerHour)",
                        metadata: ["app": "\(app)", "dropped": "\(older.requestId)", "kept": "\(identifier)"])
        } else {
            logger.info("background push: past the hour's budget (backgroundPushesPerHour); held until the hour allows",
                        metadata: ["app": "\(app)", "request": "\(identifier)"])
        }
        held[app] = response
        armTimer()
    }

    /// Hands over what is held of each app whose hour now allows it.
    func wake() async {
        let date = now()
        for (app, response) in held where recentlySent(by: app, at: date).count < perHour {
            held[app] = nil
            try? await store.releaseBackground(of: app)
            send(response)
        }
        armTimer()
    }

    /// Hands `response` to the router; `recorded` resumes once it is in the outbox.
    private func send(_ response: NotificationResponse, recorded: CheckedContinuation<Void, Never>? = nil) {
        sent[response.appId, default: []].append(now())
        logger.info("background push: to the app's handler", metadata: ["app": "\(response.appId)", "request": "\(response.requestId)"])
        arrivalsContinuation.yield(Arrival(response: response, recorded: recorded))
    }

    /// The times `app`'s pushes went out within the hour before `date` (older ones are forgotten).
    private func recentlySent(by app: AppID, at date: Date) -> [Date] {
        let recent = (sent[app] ?? []).filter { date.timeIntervalSince($0) < Self.hour }
        sent[app] = recent.isEmpty ? nil : recent
        return recent
    }

    /// Wakes when the first held push may go: an hour after the oldest of its app's hour.
    private func armTimer() {
        let dates = held.keys.compactMap { sent[$0]?.first?.addingTimeInterval(Self.hour) }
        timer?.arm(at: held.isEmpty ? nil : (dates.min() ?? now()))
    }
}
