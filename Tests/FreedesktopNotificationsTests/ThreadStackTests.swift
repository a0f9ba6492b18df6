import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// Threads stack: more than the stack limit of one app's thread on screen, and the older ones
/// give way to one notification of the bridge's own, which brings them back or closes them.
@Suite struct ThreadStackTests {
    static let app = BridgeHarness.app
    static let reply = NotificationAction.textInput(
        identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message…")
    /// Anna's chat: "%u more messages", closes reported.
    static let chat = NotificationCategory(
        identifier: "CHAT", actions: [reply], categorySummaryFormat: "%u more messages", options: .customDismissAction)
    static let quietChat = NotificationCategory(identifier: "QUIET_CHAT", actions: [reply], categorySummaryFormat: "%u more messages")

    static func message(_ n: Int, thread: String = "anna", from: String = "Anna", count: Int = 1) -> NotificationRequest {
        NotificationRequest(identifier: "m\(n)", content: NotificationContent(
            title: from, body: "message \(n)", userInfo: ["n": .int(Int64(n))], categoryIdentifier: "CHAT",
            threadIdentifier: thread, summaryArgument: from, summaryArgumentCount: count))
    }

    /// Shows messages `numbers` one after the other, each once the server has it.
    @discardableResult
    static func show(_ numbers: ClosedRange<Int>, on h: BridgeHarness, category: NotificationCategory = chat) async throws -> [UInt32] {
        var ids: [UInt32] = []
        for n in numbers {
            ids.append(try #require(await h.bridge.show(appID: app, request: message(n), category: category)))
        }
        return ids
    }

    /// The `Notify` calls the server gets next, `count` of them, by body.
    static func notifies(_ count: Int, on h: BridgeHarness) async throws -> [String: ReceivedNotification] {
        var calls: [String: ReceivedNotification] = [:]
        for _ in 0..<count {
            let call = try await h.server.notifyCalls.next(within: .seconds(10), "Notify")
            calls[call.summary.hasPrefix("Anna:") ? call.summary : call.body] = call
        }
        return calls
    }

    /// Shows 1…4 with the limit 3: 1 and 2 stack in 1's place. Returns the ids of 1…3 and the stack's Notify.
    static func stackTwo(on h: BridgeHarness, category: NotificationCategory = chat) async throws -> (ids: [UInt32], stack: ReceivedNotification) {
        let ids = try await show(1...3, on: h, category: category)
        for _ in 1...3 { _ = try await h.server.notifyCalls.next() }
        _ = try #require(await h.bridge.show(appID: app, request: message(4), category: category))
        let calls = try await notifies(2, on: h)
        let stack = try #require(calls["Anna: 2 more messages"])
        #expect(try await h.server.closeCalls.next() == ids[1], "2 leaves the screen")
        return (ids, stack)
    }

    // MARK: Stacking

    @Test func moreThanTheLimitInOneThreadStackTheOlderOnesInTheOldestOnesPlace() async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let members = [h.key(Self.message(1)), h.key(Self.message(2))]
        let changes = h.bridge.changes
        let heard = Task {
            var shown: [NotificationKey: [UInt32]] = [:]
            for await case .shown(let key, let id) in changes where members.contains(key) {
                shown[key, default: []].append(id)
                if shown.values.map(\.count) == [2, 2] { return shown }
            }
            return shown
        }
        let (ids, stack) = try await Self.stackTwo(on: h)
        #expect(stack.replacesID == ids[0] && stack.id == ids[0], "in place of the oldest")
        #expect(stack.body == "Anna: message 2\nAnna: message 1")
        #expect(stack.actionKeys == ["default", ThreadStack.showAllIdentifier])
        #expect(stack.label(ofAction: ThreadStack.showAllIdentifier) == "Show all")
        #expect(stack.hint("suppress-sound", as: Bool.self) == true)
        #expect(Set(await h.server.displayed.map(\.summary)) == ["Anna: 2 more messages", "Anna"])
        #expect(await h.server.displayed.count == 3, "the stack, 3 and 4")
        #expect(await h.delivered() == ["m1", "m2", "m3", "m4"], "stacked ones are still delivered")
        let shown = try await withDeadline(.seconds(10), "the members shown twice") {
            await withTaskCancellationHandler { await heard.value } onCancel: { heard.cancel() }
        }
        #expect(shown[members[0]] == [ids[0], ids[0]] && shown[members[1]] == [ids[1], ids[0]],
                "the store hears the members are shown under the stack's id")
    }

    @Test func aGrowingStackIsUpdatedInPlaceAndCountsSummaryArgumentCounts() async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let (ids, _) = try await Self.stackTwo(on: h)
        _ = await h.bridge.show(appID: Self.app, request: Self.message(5, count: 3), category: Self.chat)
        let calls = try await Self.notifies(2, on: h)
        let stack = try #require(calls["Anna: 3 more messages"], "1, 2 and 3")
        #expect(stack.replacesID == ids[0])
        #expect(try await h.server.closeCalls.next() == ids[2])
        for n in 6...7 {
            _ = await h.bridge.show(appID: Self.app, request: Self.message(n), category: Self.chat)
            _ = try await Self.notifies(2, on: h)
            _ = try await h.server.closeCalls.next()
        }
        // 1–4 one message each, 5 three: 7 (6 and 7 on screen).
        #expect(await h.server.displayed.map(\.summary) == ["Anna: 7 more messages", "Anna", "Anna"])
    }

    @Test func otherThreadsOtherAppsAndUnthreadedNotificationsDoNotStack() async throws {
        let h = try await BridgeHarness(stackLimit: 2)
        let other = try AppID(validating: "org.example.Chat")
        for n in 1...3 {
            _ = await h.bridge.show(appID: Self.app, request: Self.message(n, thread: "t\(n)"), category: Self.chat)
            _ = await h.bridge.show(appID: n == 3 ? other : Self.app, request: Self.message(10 + n), category: Self.chat)
            var unthreaded = Self.message(20 + n)
            unthreaded.content.threadIdentifier = ""
            _ = await h.bridge.show(appID: Self.app, request: unthreaded, category: Self.chat)
        }
        #expect(await h.server.displayed.count == 9)
        #expect(await h.server.displayed.allSatisfy { !$0.summary.contains("more") })
        #expect(h.server.closeCalls.pending.isEmpty)
    }

    // MARK: Show all, close

    @Test(arguments: [ThreadStack.showAllIdentifier, "default"])
    func showAllOrABodyClickBringsTheMembersBackAndReachesNoApp(_ key: String) async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let (_, stack) = try await Self.stackTwo(on: h)
        try await h.server.emitActionInvoked(id: stack.id, key: key)
        let back = try await Self.notifies(2, on: h)
        #expect(Set(back.values.map(\.body)) == ["message 1", "message 2"])
        #expect(back.values.allSatisfy { $0.replacesID == 0 })
        #expect(try await h.server.closeCalls.next() == stack.id, "the stack goes")
        #expect(await h.server.displayed.map(\.body) .sorted() == ["message 1", "message 2", "message 3", "message 4"])
        try await h.expectNoInteraction()
        let one = try #require(back.values.first { $0.body == "message 1" })
        try await h.server.emitActionInvoked(id: one.id, key: "REPLY")
        #expect(try await h.nextInteraction().request == Self.message(1), "a member shown again answers as itself")
    }

    @Test func closingTheStackClosesItsMembersWithADismissEachWhenTheCategoryAsks() async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let (_, stack) = try await Self.stackTwo(on: h)
        try await h.server.emitNotificationClosed(id: stack.id, reason: FakeNotificationServer.CloseReason.dismissedByUser)
        let first = try await h.nextInteraction(), second = try await h.nextInteraction()
        #expect([first.request.identifier, second.request.identifier] == ["m1", "m2"])
        #expect(first.actionIdentifier == NotificationResponse.dismissActionIdentifier && second.actionIdentifier == first.actionIdentifier)
        #expect(first.request.content.userInfo == ["n": .int(1)])
        #expect(await h.delivered() == ["m3", "m4"])
        try await h.expectNoInteraction()
    }

    @Test func closingTheStackWithoutCustomDismissActionReportsNothing() async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let (_, stack) = try await Self.stackTwo(on: h, category: Self.quietChat)
        try await h.server.emitNotificationClosed(id: stack.id, reason: FakeNotificationServer.CloseReason.dismissedByUser)
        try await h.expectNoInteraction()
        #expect(await h.delivered() == ["m3", "m4", "zz-barrier"])
    }

    // MARK: The app's own changes

    @Test func removingAMemberShrinksTheStackAndRemovingTheLastClosesIt() async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let (_, stack) = try await Self.stackTwo(on: h)
        await h.bridge.close(h.key(Self.message(1)))
        let shrunk = try await h.server.notifyCalls.next()
        #expect(shrunk.summary == "Anna: 1 more messages" && shrunk.replacesID == stack.id)
        await h.bridge.close(h.key(Self.message(2)))
        #expect(try await h.server.closeCalls.next() == stack.id)
        #expect(await h.delivered() == ["m3", "m4"])
    }

    /// Stacks 1 and 2 (see ``stackTwo(on:category:)``), then shows message 1 again, changed by
    /// `change`; returns the ids of 1…3, the stack, and the two `Notify` calls that follow.
    static func replaceFirst(
        on h: BridgeHarness, _ change: (inout NotificationRequest) -> Void
    ) async throws -> (ids: [UInt32], stack: ReceivedNotification, calls: [String: ReceivedNotification]) {
        let (ids, stack) = try await stackTwo(on: h)
        var replacement = message(1)
        change(&replacement)
        _ = await h.bridge.show(appID: app, request: replacement, category: chat)
        return (ids, stack, try await notifies(2, on: h))
    }

    @Test func aStackedMemberReplacedByItsIdentifierComesOutAsTheNewestAndStaysOne() async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let (ids, stack, calls) = try await Self.replaceFirst(on: h) { $0.content.body = "message 1, edited" }
        #expect(calls["message 1, edited"]?.replacesID == 0, "shown by itself")
        #expect(calls["Anna: 2 more messages"]?.replacesID == stack.id, "3 took its place in the stack")
        #expect(try await h.server.closeCalls.next() == ids[2])
        #expect(await h.delivered() == ["m1", "m2", "m3", "m4"])
        #expect(await h.server.displayed.count == 3)
    }

    @Test func aStackedMemberReplacedOutsideTheThreadLeavesTheStack() async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let (_, stack, calls) = try await Self.replaceFirst(on: h) { $0.content.threadIdentifier = "" }
        #expect(calls["Anna: 1 more messages"]?.replacesID == stack.id, "the stack counts 2 alone")
        #expect(calls["message 1"]?.replacesID == 0)
        #expect(await h.server.displayed.count == 4)
    }

    @Test func whilePreviewsAreHiddenTheStackSaysHowManyButNotWhom() async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let (_, stack) = try await Self.stackTwo(on: h)
        await h.bridge.setPreviewsHidden(true)
        var calls: [ReceivedNotification] = []  // the stack, 3 and 4, in place
        for _ in 1...3 { calls.append(try await h.server.notifyCalls.next()) }
        let hidden = try #require(calls.first { $0.id == stack.id })
        #expect(hidden.summary == "" && hidden.body == "2 more notifications")
        #expect(calls.allSatisfy { !$0.body.contains("Anna") && !$0.summary.contains("Anna") })
    }

    // MARK: Restart

    @Test func aRestartedBridgeBringsAThreadBackStackedInPlace() async throws {
        let h = try await BridgeHarness(stackLimit: 3)
        let (ids, stack) = try await Self.stackTwo(on: h)
        let four = try #require(await h.server.displayed.first { $0.body == "message 4" })
        let successor = NotificationBridge(connection: try await h.bus.connect(), stackLimit: 3)
        try await successor.start()
        // What the store kept: the members under the stack's id, the others under their own.
        let recorded: [(Int, UInt32)] = [(1, stack.id), (2, stack.id), (3, ids[2]), (4, four.id)]
        let results = await successor.restore(recorded.map { n, id in
            RestoredNotification(appID: Self.app, request: Self.message(n), category: Self.chat, serverID: id)
        })
        #expect(results.map(\.tookOver) == [true, true, true, true])
        #expect(results.map(\.serverID) == [stack.id, stack.id, ids[2], four.id])
        let calls = try await Self.notifies(3, on: h)
        #expect(calls["Anna: 2 more messages"]?.replacesID == stack.id)
        #expect(await h.server.displayed.count == 3, "the stack, 3 and 4: no banner each")
        var interactions = successor.interactions.makeAsyncIterator()
        try await h.server.emitNotificationClosed(id: stack.id, reason: FakeNotificationServer.CloseReason.dismissedByUser)
        #expect(await interactions.next()?.request == Self.message(1), "the successor hears the stack")
    }

    // MARK: Pure parts

    @Test func theOverflowKeepsTheNewestOnScreen() {
        #expect(ThreadStack.overflow(visible: 3, hasStack: false, limit: 3) == 0)
        #expect(ThreadStack.overflow(visible: 4, hasStack: false, limit: 3) == 2)
        #expect(ThreadStack.overflow(visible: 3, hasStack: true, limit: 3) == 1)
        #expect(ThreadStack.overflow(visible: 2, hasStack: true, limit: 3) == 0)
        #expect(ThreadStack.overflow(visible: 2, hasStack: false, limit: 1) == 1, "the newest stays out of the stack")
        #expect(ThreadStack.overflow(visible: 1, hasStack: true, limit: 1) == 0)
    }

    @Test func theStackSaysWhomAndHowManyByTheNewestMembersFormat() {
        let thread = ThreadKey(appID: Self.app, threadID: "group")
        var ben = Self.message(2, thread: "group", from: "Ben", count: 2)
        ben.content.interruptionLevel = .timeSensitive
        let request = ThreadStack.request(thread: thread, members: [
            (Self.message(1, thread: "group"), Self.chat), (ben, NotificationCategory(identifier: "X", categorySummaryFormat: "%u new from %@")),
        ])
        #expect(request.content.title == "3 new from Ben, Anna")
        #expect(request.content.body == "Ben: message 2\nAnna: message 1")
        #expect(request.content.interruptionLevel == .timeSensitive && request.content.sound == nil)
    }

    // MARK: A server that keeps a few of an app's

    static let gnome48 = ServerInformation(name: "gnome-shell", vendor: "GNOME", version: "48.7", specVersion: "1.2")
    static let gnome43 = ServerInformation(name: "gnome-shell", vendor: "GNOME", version: "43.9", specVersion: "1.2")

    /// The next `Notify` whose summary is `summary`, past any other.
    static func nextNotify(_ summary: String, on h: BridgeHarness) async throws -> ReceivedNotification {
        while true {
            let call = try await h.server.notifyCalls.next(within: .seconds(10), "Notify of \(summary)")
            if call.summary == summary { return call }
        }
    }

    /// GNOME Shell 48 keeps 10 of an app's notifications and closes the oldest as expired to
    /// show one more: a stack closed so stays delivered and comes back as the app's newest.
    @Test func aStackTheServerClosesToMakeRoomKeepsItsMembersAndComesBackQuietly() async throws {
        let h = try await BridgeHarness(information: Self.gnome48, stackLimit: 3)
        try await Self.show(1...4, on: h)
        let stack = try await Self.nextNotify("Anna: 2 more messages", on: h)
        try await h.server.emitNotificationClosed(id: stack.id, reason: FakeNotificationServer.CloseReason.expired)
        let again = try await Self.nextNotify("Anna: 2 more messages", on: h)
        #expect(again.id != stack.id && again.replacesID == 0, "a notification of its own again")
        #expect(again.hint("urgency", as: UInt8.self) == 0, "quietly: GNOME Shell shows no banner at low urgency")
        #expect(await h.delivered() == ["m1", "m2", "m3", "m4"])
        try await h.expectNoInteraction()
    }

    /// With as many other stacks of the app on screen as the server keeps less one, one it
    /// closes waits for its thread's next message: shown again, it would push out another stack
    /// (which would push out the next), or the one place left for the app's own notifications.
    @Test func aStackClosedToMakeRoomAmongAsManyStacksAsTheServerKeepsLessOneWaitsForItsThread() async throws {
        let h = try await BridgeHarness(information: Self.gnome43, stackLimit: 2)
        var stacks: [String: UInt32] = [:]
        for (index, thread) in ["a", "b", "c"].enumerated() {
            for n in 1...3 {
                _ = await h.bridge.show(appID: Self.app, request: Self.message(10 * index + n, thread: thread, from: thread), category: Self.chat)
            }
            stacks[thread] = try await Self.nextNotify("\(thread): 2 more messages", on: h).id
        }
        try await h.server.emitNotificationClosed(id: try #require(stacks["a"]), reason: FakeNotificationServer.CloseReason.expired)
        try await h.expectNoInteraction()
        #expect(!h.server.notifyCalls.pending.contains { $0.summary.hasPrefix("a:") }, "b and c are on screen: a waits")
        #expect(await h.bridge.delivered(appID: Self.app).count == 10, "its members, the others, and the barrier")
        _ = await h.bridge.show(appID: Self.app, request: Self.message(4, thread: "a", from: "a"), category: Self.chat)
        _ = try await Self.nextNotify("a: 3 more messages", on: h)
    }
}
