import DBus
import Foundation
import Synchronization
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// A bridge on its own bus connection facing a fake server; what the bridge reports lands in `interactions`.
final class BridgeHarness: Sendable {
    static let app = try! AppID(validating: "org.example.Calendar")

    let bus: PrivateBus
    let server: FakeNotificationServer
    let connection: Connection
    let bridge: NotificationBridge
    let interactions = Inbox<Interaction>()
    private let consumer: Task<Void, Never>
    /// What gathers the bridge's changes once ``changes()`` is asked for.
    private let changesWatch = Mutex<(inbox: Inbox<LiveChange>, task: Task<Void, Never>)?>(nil)

    init(
        capabilities: [String] = ["actions", "body"], delivery: FakeNotificationServer.Delivery = .unicast,
        information: ServerInformation = .fake, serverRunning: Bool = true, stackLimit: Int = 3, sounds: (any EventSoundPlayer)? = nil,
        configDirectories: [URL] = []
    ) async throws {
        bus = try PrivateBus()
        server = try await FakeNotificationServer(
            bus: bus, capabilities: capabilities, information: information, delivery: delivery)
        if !serverRunning { await server.stop() }
        connection = try await bus.connect()
        bridge = NotificationBridge(connection: connection, stackLimit: stackLimit, sounds: sounds, configDirectories: configDirectories)
        try await bridge.start()
        let stream = bridge.interactions
        let inbox = interactions
        consumer = Task { for await interaction in stream { inbox.put(interaction) } }
    }

    deinit {
        consumer.cancel()
        changesWatch.withLock { $0?.task.cancel() }
    }

    /// The bridge's changes from the first call on, gathered in an inbox (their stream has one
    /// reader: a test that reads `bridge.changes` itself does not call this).
    func changes() -> Inbox<LiveChange> {
        changesWatch.withLock { watch in
            if let watch { return watch.inbox }
            let (inbox, stream) = (Inbox<LiveChange>(), bridge.changes)
            watch = (inbox, Task { for await change in stream { inbox.put(change) } })
            return inbox
        }
    }

    /// The changes in `changes` up to and including the next one that `matches` (others may
    /// come first); throws, naming `what`, when none comes within 10 s.
    static func changes(
        in changes: Inbox<LiveChange>, until what: String, _ matches: (LiveChange) -> Bool
    ) async throws -> [LiveChange] {
        var seen: [LiveChange] = []
        repeat { seen.append(try await changes.next(within: .seconds(10), what)) } while !matches(seen.last!)
        return seen
    }

    /// Shows `request` through the bridge and returns the `Notify` the server received for it.
    func show(_ request: NotificationRequest, _ category: NotificationCategory? = nil) async throws -> ReceivedNotification {
        let id = await bridge.show(appID: Self.app, request: request, category: category)
        let received = try await server.notifyCalls.next(within: .seconds(10), "Notify for \(request.identifier)")
        #expect(id == received.id, "show returns the server's id")
        return received
    }

    /// The next interaction the bridge reports.
    func nextInteraction() async throws -> Interaction {
        try await interactions.next(within: .seconds(10), "interaction")
    }

    /// Proves the bridge reported nothing for what the server sent so far: a click on a fresh
    /// notification, sent after it on the same connection, must be the next interaction.
    func expectNoInteraction(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let barrier = NotificationRequest(identifier: "zz-barrier", content: NotificationContent(title: "barrier"))
        let shown = try await show(barrier)
        try await server.emitActionInvoked(id: shown.id, key: "default")
        let next = try await nextInteraction()
        #expect(next.request.identifier == barrier.identifier, "unexpected interaction \(next)", sourceLocation: sourceLocation)
    }

    func key(_ request: NotificationRequest) -> NotificationKey {
        NotificationKey(appID: Self.app, requestID: request.identifier)
    }

    func delivered() async -> [String] { await bridge.delivered(appID: Self.app).map(\.identifier) }
}

@Suite struct BridgeTests {
    static let app = BridgeHarness.app
    static let accept = NotificationAction(identifier: "ACCEPT", title: "Accept")
    static let decline = NotificationAction(identifier: "DECLINE", title: "Decline", options: .destructive)
    static let reply = NotificationAction.textInput(
        identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message…")
    /// A category whose closes by the user are reported (`dismiss`).
    static let invite = NotificationCategory(identifier: "INVITE", actions: [accept, decline], options: .customDismissAction)
    /// The same buttons, closes by the user not reported.
    static let quietInvite = NotificationCategory(identifier: "QUIET_INVITE", actions: [accept, decline])
    static let message = NotificationCategory(identifier: "MESSAGE", actions: [reply], options: .customDismissAction)

    static func request(_ id: String = "meeting-1", title: String = "Standup in 5 minutes", body: String = "Room 4") -> NotificationRequest {
        NotificationRequest(identifier: id, content: NotificationContent(
            title: title, body: body, userInfo: ["meetingID": .int(42), "room": .string("4")], categoryIdentifier: "INVITE"))
    }

    /// The interaction with `request` shown with `category`.
    static func interaction(
        _ request: NotificationRequest, _ action: String, text: String? = nil, token: String? = nil, in category: NotificationCategory? = invite
    ) -> Interaction {
        Interaction(appID: app, request: request, category: category, actionIdentifier: action, userText: text, activationToken: token)
    }

    // MARK: Actions

    @Test(arguments: [FakeNotificationServer.Delivery.unicast, .broadcast])
    func anActionIsReportedWithTheRequestAndItsUserInfo(_ delivery: FakeNotificationServer.Delivery) async throws {
        let h = try await BridgeHarness(delivery: delivery)
        let request = Self.request()
        let shown = try await h.show(request, Self.invite)
        try await h.server.emitActionInvoked(id: shown.id, key: "DECLINE")
        let interaction = try await h.nextInteraction()
        #expect(interaction == Self.interaction(request, "DECLINE"))
        #expect(interaction.request.content.userInfo == ["meetingID": .int(42), "room": .string("4")])
    }

    @Test(arguments: [FakeNotificationServer.Delivery.unicast, .broadcast])
    func aClickOnTheBodyIsTheDefaultAction(_ delivery: FakeNotificationServer.Delivery) async throws {
        let h = try await BridgeHarness(delivery: delivery)
        let request = Self.request()
        let shown = try await h.show(request, Self.invite)
        try await h.server.emitActionInvoked(id: shown.id, key: "default")
        #expect(try await h.nextInteraction() == Self.interaction(request, NotificationResponse.defaultActionIdentifier))
    }

    @Test func actionKeysTheNotificationDoesNotHaveAreIgnored() async throws {
        let h = try await BridgeHarness(capabilities: ["actions", "body", "inline-reply"])
        let shown = try await h.show(Self.request(), Self.invite)
        try await h.server.emitActionInvoked(id: shown.id, key: "SNOOZE")
        try await h.server.emitActionInvoked(id: shown.id, key: "dismiss")
        try await h.server.emitActionInvoked(id: shown.id, key: "inline-reply")
        try await h.expectNoInteraction()
    }

    // MARK: Closes

    @Test(arguments: [FakeNotificationServer.Delivery.unicast, .broadcast])
    func aCloseByTheUserIsADismissWhenTheCategoryAsksForIt(_ delivery: FakeNotificationServer.Delivery) async throws {
        let h = try await BridgeHarness(delivery: delivery)
        let request = Self.request()
        let shown = try await h.show(request, Self.invite)
        try await h.server.emitNotificationClosed(id: shown.id, reason: FakeNotificationServer.CloseReason.dismissedByUser)
        #expect(try await h.nextInteraction() == Self.interaction(request, NotificationResponse.dismissActionIdentifier))
        #expect(await h.delivered() == [])
    }

    @Test func aCloseByTheUserIsNotReportedWithoutCustomDismissAction() async throws {
        let h = try await BridgeHarness()
        let withCategory = try await h.show(Self.request("a"), Self.quietInvite)
        let withoutCategory = try await h.show(Self.request("b"), nil)
        try await h.server.emitNotificationClosed(id: withCategory.id, reason: FakeNotificationServer.CloseReason.dismissedByUser)
        try await h.server.emitNotificationClosed(id: withoutCategory.id, reason: FakeNotificationServer.CloseReason.dismissedByUser)
        try await h.expectNoInteraction()
        #expect(await h.delivered() == ["zz-barrier"], "closed notifications are no longer delivered")
    }

    @Test(arguments: [
        FakeNotificationServer.CloseReason.expired, FakeNotificationServer.CloseReason.closedByCall,
        FakeNotificationServer.CloseReason.undefined, 0, 9,
    ])
    func expiryAndOtherClosesAreNotReported(_ reason: UInt32) async throws {
        let h = try await BridgeHarness()
        let shown = try await h.show(Self.request(), Self.invite)
        try await h.server.emitNotificationClosed(id: shown.id, reason: reason)
        try await h.expectNoInteraction()
        #expect(await h.delivered() == ["zz-barrier"], "a closed notification is no longer delivered")
    }

    @Test func anActionFollowedByACloseByTheUserIsOneResponse() async throws {
        // dunst 1.9's middle click: ActionInvoked, then NotificationClosed reason 2.
        let h = try await BridgeHarness()
        let request = Self.request()
        let shown = try await h.show(request, Self.invite)
        try await h.server.emitActionInvoked(id: shown.id, key: "ACCEPT")
        try await h.server.emitNotificationClosed(id: shown.id, reason: FakeNotificationServer.CloseReason.dismissedByUser)
        #expect(try await h.nextInteraction() == Self.interaction(request, "ACCEPT"))
        try await h.expectNoInteraction()
    }

    @Test func closingByTheAppClosesItOnTheServerAndReportsNothing() async throws {
        let h = try await BridgeHarness()
        let request = Self.request()
        let shown = try await h.show(request, Self.invite)
        await h.bridge.close(h.key(request))
        #expect(try await h.server.closeCalls.next() == shown.id)
        #expect(await h.server.notification(shown.id) == nil)
        #expect(await !h.bridge.isLive(h.key(request)))
        try await h.expectNoInteraction()
    }

    @Test func theServerItsIDsAndItsClosesAreReportedAsChanges() async throws {
        let h = try await BridgeHarness()
        var changes = h.bridge.changes.makeAsyncIterator()
        #expect(await changes.next() == .server(
            ServerInformation(name: "usernoted-fake", vendor: "usernoted", version: "1.0", specVersion: "1.2"),
            ServerCapabilities(["actions", "body"])))
        let request = Self.request()
        let shown = try await h.show(request, Self.invite)
        #expect(await changes.next() == .shown(h.key(request), serverID: shown.id))
        try await h.server.emitNotificationClosed(id: shown.id, reason: 1)  // expired: no response, but gone
        #expect(await changes.next() == .departed(h.key(request)))
        #expect(await h.delivered().isEmpty)
    }

    /// The next announcement of a server in `changes`, past the other changes (a notification's
    /// own next try may come first).
    static func nextAnnouncement(in changes: Inbox<LiveChange>) async throws -> LiveChange? {
        try await BridgeHarness.changes(in: changes, until: "the server announced") { if case .server = $0 { true } else { false } }.last
    }

    /// A server that takes the name before it serves (GNOME Shell's notifications helper,
    /// swaync 0.12 under load) is announced once it answers (who it is, what it can do: Focus
    /// and the state hear of it), and the notification it refused meanwhile is shown.
    @Test func aServerThatTakesTheNameBeforeItServesIsAnnouncedOnceItAnswers() async throws {
        let h = try await BridgeHarness(serverRunning: false)
        let changes = h.changes()
        let request = Self.request()
        #expect(await h.bridge.show(appID: Self.app, request: request, category: Self.invite) == nil)
        await h.server.setServing(false)
        try await h.server.start()
        _ = try await h.server.refusedNotifyCalls.next(within: .seconds(10), "the Notify refused while it does not serve")
        await h.server.setServing(true)
        #expect(try await Self.nextAnnouncement(in: changes) == .server(.fake, ServerCapabilities(["actions", "body"])))
        let shown = try await h.server.notifyCalls.next(within: .seconds(10), "the Notify once it serves")
        #expect(shown.summary == request.content.title)
    }

    /// A server silent through every try of its announcement (about 25 s: GNOME Shell's helper
    /// while the shell starts under load) is announced at the first `Notify` it answers, not
    /// only at its next change: Focus and the state would not know it for as long as it runs.
    @Test func aServerSilentThroughEveryAnnouncementTryIsAnnouncedOnceANotifyGetsThrough() async throws {
        let h = try await BridgeHarness(serverRunning: false)
        let changes = h.changes()
        await h.server.setServing(false)
        try await h.server.start()
        for attempt in 0...NotifyRetry.waits.count {  // the first ask, then each try
            var member = ""
            while member != "GetCapabilities" {
                member = try await h.server.refusedCalls.next(within: .seconds(20), "GetCapabilities asked, ask \(attempt + 1)")
            }
        }
        await h.server.setServing(true)
        let request = Self.request()
        _ = try await h.show(request, Self.invite)
        #expect(try await Self.nextAnnouncement(in: changes) == .server(.fake, ServerCapabilities(["actions", "body"])))
    }

    // MARK: Whose signals

    @Test func signalsAboutNotificationsThatAreNotOursAreIgnored() async throws {
        let h = try await BridgeHarness()
        let shown = try await h.show(Self.request(), Self.invite)
        // Another app's notification on the same server, clicked and closed; the server broadcasts.
        let other = try await h.bus.connect()
        let theirs = try await NotificationsServer(connection: other).notify(NotifyCall(
            appName: "other", replacesID: 0, appIcon: "", summary: "theirs", body: "", actions: ["default", "Open"],
            hints: [:], expireTimeout: -1))
        _ = try await h.server.notifyCalls.next()
        #expect(theirs != shown.id)
        try await h.server.emitActionInvoked(id: theirs, key: "default", delivery: .broadcast)
        try await h.server.emitNotificationClosed(id: theirs, reason: 2, delivery: .broadcast)
        // Ids the server never gave anyone, sent straight to the bridge.
        try await h.server.emitActionInvoked(id: 999, key: "ACCEPT", delivery: .to(h.connection.uniqueName))
        try await h.server.emitNotificationClosed(id: 999, reason: 2, delivery: .to(h.connection.uniqueName))
        try await h.expectNoInteraction()
        #expect(await h.delivered().contains("meeting-1"), "ours is untouched")
    }

    @Test func signalsFromAConnectionThatDoesNotOwnTheServerNameAreIgnored() async throws {
        let h = try await BridgeHarness()
        let shown = try await h.show(Self.request(), Self.invite)
        let impostor = try await h.bus.connect()
        for destination in [h.connection.uniqueName, nil] {
            try impostor.emit(
                path: NotificationsServer.path, interface: NotificationsServer.interface, name: "ActionInvoked",
                [.uint32(shown.id), .string("ACCEPT")], destination: destination)
            try impostor.emit(
                path: NotificationsServer.path, interface: NotificationsServer.interface, name: "NotificationClosed",
                [.uint32(shown.id), .uint32(2)], destination: destination)
        }
        // A round trip through the bus: everything the impostor sent is routed before what the server sends next.
        _ = try await impostor.nameOwner(NotificationsServer.busName)
        try await h.expectNoInteraction()
        #expect(await h.bridge.isLive(h.key(Self.request())), "the impostor's close did not close it")
    }

    // MARK: Replacing

    @Test func postingTheSameIdentifierAgainReplacesItInPlace() async throws {
        let h = try await BridgeHarness()
        let first = try await h.show(Self.request(title: "Standup in 5 minutes"), Self.invite)
        #expect(first.replacesID == 0)
        let updated = Self.request(title: "Standup now")
        let second = try await h.show(updated, Self.invite)
        #expect(second.replacesID == first.id)
        #expect(second.id == first.id)
        #expect(await h.server.displayed.map(\.summary) == ["Standup now"])
        try await h.server.emitActionInvoked(id: second.id, key: "ACCEPT")
        #expect(try await h.nextInteraction() == Self.interaction(updated, "ACCEPT"), "the response carries the request as shown")
        #expect(await h.bridge.delivered(appID: Self.app) == [updated])
    }

    @Test func aReplacementTheServerGivesANewIDIsFollowedUnderTheNewID() async throws {
        let h = try await BridgeHarness()
        let request = Self.request()
        let first = try await h.show(request, Self.invite)
        // The server lost it without telling us (its close went elsewhere), so it answers the replacement with a new id.
        let bystander = try await h.bus.connect()
        try await h.server.emitNotificationClosed(id: first.id, reason: 4, delivery: .to(bystander.uniqueName))
        let second = try await h.show(request, Self.invite)
        #expect(second.replacesID == first.id && second.id != first.id)
        try await h.server.emitActionInvoked(id: first.id, key: "ACCEPT", delivery: .to(h.connection.uniqueName))
        try await h.server.emitActionInvoked(id: second.id, key: "DECLINE")
        #expect(try await h.nextInteraction() == Self.interaction(request, "DECLINE"), "the old id is no longer ours")
    }

    @Test func twoPostsOfTheSameIdentifierAtOnceLeaveOneNotification() async throws {
        let h = try await BridgeHarness()
        let a = Self.request(title: "first")
        let b = Self.request(title: "second")
        async let shownA = h.bridge.show(appID: Self.app, request: a, category: Self.invite)
        async let shownB = h.bridge.show(appID: Self.app, request: b, category: Self.invite)
        _ = await (shownA, shownB)
        _ = try await h.server.notifyCalls.next()
        _ = try await h.server.notifyCalls.next()
        #expect(await h.server.displayed.count == 1, "one request, one notification on screen")
    }

    // MARK: Text input and activation

    @Test func anInlineReplyIsReportedAsTheReplyActionWithTheText() async throws {
        let h = try await BridgeHarness(capabilities: ["actions", "body", "inline-reply"])
        let request = Self.request()
        let shown = try await h.show(request, Self.message)
        #expect(shown.actionKeys == ["default", "inline-reply"])
        try await h.server.emitNotificationReplied(id: shown.id, text: "on my way")
        try await h.server.emitNotificationClosed(id: shown.id, reason: FakeNotificationServer.CloseReason.dismissedByUser)
        #expect(try await h.nextInteraction() == Self.interaction(request, "REPLY", text: "on my way", in: Self.message))
        try await h.expectNoInteraction()
    }

    @Test func withoutInlineReplyTheReplyButtonIsReportedAsItsActionWithoutText() async throws {
        let h = try await BridgeHarness()
        let request = Self.request()
        let shown = try await h.show(request, Self.message)
        #expect(shown.actionKeys == ["default", "REPLY"])
        try await h.server.emitActionInvoked(id: shown.id, key: "REPLY")
        #expect(try await h.nextInteraction() == Self.interaction(request, "REPLY", in: Self.message))
    }

    @Test func theActivationTokenGoesWithTheActionThatFollowsIt() async throws {
        let h = try await BridgeHarness()
        let request = Self.request()
        let shown = try await h.show(request, Self.invite)
        try await h.server.emitActivationToken(id: shown.id, token: "xdg-token-1")
        try await h.server.emitActionInvoked(id: shown.id, key: "ACCEPT")
        try await h.server.emitActionInvoked(id: shown.id, key: "default")
        #expect(try await h.nextInteraction() == Self.interaction(request, "ACCEPT", token: "xdg-token-1"))
        #expect(try await h.nextInteraction() == Self.interaction(request, "default"), "a token is used once")
    }

    // MARK: The server coming and going

    @Test func aNewServerShowsAgainWhatWasOnScreenAndItsSignalsAreHeard() async throws {
        let h = try await BridgeHarness(capabilities: ["actions", "body"])
        let a = Self.request("a", body: "Tom & Jerry")
        let b = Self.request("b")
        let c = Self.request("c")
        let d = Self.request("d")
        _ = try await h.show(a, Self.invite)  // id 1; the new server counts from 1 again, so ids are reused
        let shownB = try await h.show(b, Self.invite)
        _ = try await h.show(d, Self.invite)
        await h.bridge.close(h.key(b))
        #expect(try await h.server.closeCalls.next() == shownB.id)
        await h.server.stop()
        await h.bridge.show(appID: Self.app, request: c, category: Self.invite)  // while no server is there
        await h.server.setCapabilities(["actions", "body", "body-markup"])
        try await h.server.start()
        let again = try await Self.reshown(3, on: h)
        #expect(Set(again.keys) == ["a", "c", "d"], "b was closed: not shown again")
        #expect(again.values.allSatisfy { $0.notification.replacesID == 0 }, "old ids mean nothing to a new server")
        #expect(again["a"]?.notification.body == "Tom &amp; Jerry", "the new server's capabilities are used")
        for (id, request) in [("a", a), ("c", c), ("d", d)] {
            let shown = try #require(again[id])
            guard shown.isReady else { continue }
            try await h.server.emitActionInvoked(id: shown.notification.id, key: "ACCEPT")
            #expect(try await h.nextInteraction() == Self.interaction(request, "ACCEPT"))
        }
    }

    @Test func requestsPostedWithNoServerAreShownWhenOneAppears() async throws {
        let h = try await BridgeHarness(serverRunning: false)
        let a = Self.request("a")
        let b = Self.request("b")
        #expect(await h.bridge.show(appID: Self.app, request: a, category: Self.invite) == nil)
        #expect(await h.bridge.show(appID: Self.app, request: b, category: Self.invite) == nil)
        #expect(await h.delivered() == ["a", "b"], "they wait for a server")
        try await h.server.start()
        let shown = try await Self.reshown(2, on: h)
        #expect(Set(shown.keys) == ["a", "b"])
        for (id, request) in [("a", a), ("b", b)] {
            let notification = try #require(shown[id])
            #expect(notification.notification.summary == request.content.title)
            guard notification.isReady else { continue }
            try await h.server.emitActionInvoked(id: notification.notification.id, key: "DECLINE")
            #expect(try await h.nextInteraction() == Self.interaction(request, "DECLINE"))
        }
    }

    /// The next `count` notifications the bridge shows on its own, by request identifier.
    /// The bridge shows them one after another, so each but the last had its id taken when the
    /// next `Notify` arrived: those are ready for signals (the last may still be on its way back).
    static func reshown(_ count: Int, on h: BridgeHarness) async throws -> [String: (notification: ReceivedNotification, isReady: Bool)] {
        var result: [String: (notification: ReceivedNotification, isReady: Bool)] = [:]
        for index in 0..<count {
            let notification = try await h.server.notifyCalls.next(within: .seconds(10), "notification shown again")
            let id = try #require(notification.hint("x-usernoted-request", as: String.self))
            result[id] = (notification, index < count - 1)
        }
        return result
    }

    // MARK: Markup

}
