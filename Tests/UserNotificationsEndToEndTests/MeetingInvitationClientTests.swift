import DBus
import Testing
import TestSupport
import UserNotifications

/// The Apple listings, compiled here, against usernoted and a real dunst: the user's
/// choice reaches the app's delegate with the invitation's userInfo.
@Suite(.serialized) struct MeetingInvitationClientTests {
    @Test func acceptReachesTheDelegateOfListing4WithMeetingAndUser() async throws {
        let scene = try await ClientScene()
        let manager = MeetingManager()
        let delegate = DeclaringActionsDelegate(manager)
        await scene.registerCategories()
        scene.center.delegate = delegate
        try await scene.inviteToMeeting("standup-1")
        try scene.desktop.pick("ACCEPT_ACTION")
        let call = try await manager.calls.next(within: .seconds(10), "acceptMeeting")
        #expect(call == MeetingManager.Call(verb: "accept", user: "U-42", meetingID: "M-standup-1"))
        withExtendedLifetime(delegate) {}
    }

    @Test func declineReachesTheDelegateOfTheHandlingListing() async throws {
        let scene = try await ClientScene()
        let manager = MeetingManager()
        let delegate = HandlingActionsDelegate(manager)
        await scene.registerCategories()
        // The invitation arrives while the app is not running (with its delegate set, the
        // listing's willPresent would queue it instead, as below).
        try await scene.inviteToMeeting("standup-2")
        scene.center.delegate = delegate
        try scene.desktop.pick("DECLINE_ACTION")
        let call = try await manager.calls.next(within: .seconds(10), "declineMeeting")
        #expect(call == MeetingManager.Call(verb: "decline", user: "U-42", meetingID: "M-standup-2"))
        withExtendedLifetime(delegate) {}
    }

    @Test func closingTheInvitationQueuesItThroughTheDismissIdentifier() async throws {
        let scene = try await ClientScene()
        let manager = MeetingManager()
        let delegate = HandlingActionsDelegate(manager)
        await scene.registerCategories()
        try await scene.inviteToMeeting("standup-3")
        scene.center.delegate = delegate
        try scene.desktop.dunstctl("close")
        let call = try await manager.calls.next(within: .seconds(10), "queueMeetingForDelivery")
        #expect(call == MeetingManager.Call(verb: "queue", user: "U-42", meetingID: "M-standup-3"))
        withExtendedLifetime(delegate) {}
    }

    @Test func aDelegateSetAfterTheResponseArrivedGetsItOnce() async throws {
        let scene = try await ClientScene()
        let manager = MeetingManager()
        await scene.registerCategories()
        let signals = try await scene.responseSignals()
        try await scene.inviteToMeeting("standup-4")
        try scene.desktop.pick("ACCEPT_ACTION")
        // The daemon has the response (its Response signal says so) while the app has no delegate.
        let signal = try await withDeadline(.seconds(10), "Response signal") {
            for await signal in signals { return signal }
            throw TestSupportError("signal stream ended")
        }
        #expect(signal.body.prefix(3) == [.string(ClientScene.appID), .string("standup-4"), .string("ACCEPT_ACTION")])
        // "Launched" later, the app sets its delegate: the saved response arrives now.
        let delegate = HandlingActionsDelegate(manager)
        scene.center.delegate = delegate
        let accepted = try await manager.calls.next(within: .seconds(10), "acceptMeeting")
        #expect(accepted == MeetingManager.Call(verb: "accept", user: "U-42", meetingID: "M-standup-4"))
        // Once: the next thing the delegate hears is about the next invitation, not a repeat.
        try await scene.inviteToMeeting("standup-5")
        let next = try await manager.calls.next(within: .seconds(10), "queueMeetingForDelivery")
        #expect(next == MeetingManager.Call(verb: "queue", user: "U-42", meetingID: "M-standup-5"))
        withExtendedLifetime(delegate) {}
    }

    /// Listing 003's willPresent, for an invitation that comes while the app runs: the app
    /// queues it and asks only for a sound, so usernoted does not show it.
    @Test func whileTheAppRunsTheListingsWillPresentQueuesTheInvitationUnshown() async throws {
        let scene = try await ClientScene()
        let manager = MeetingManager()
        let delegate = HandlingActionsDelegate(manager)
        await scene.registerCategories()
        try await scene.center.setDelegate(delegate)
        try await scene.inviteToMeeting("standup-6")
        let call = try await manager.calls.next(within: .seconds(10), "queueMeetingForDelivery")
        #expect(call == MeetingManager.Call(verb: "queue", user: "U-42", meetingID: "M-standup-6"))
        #expect(await scene.center.deliveredNotifications().isEmpty)
        #expect(try scene.desktop.displayedCount() == 0)
        withExtendedLifetime(delegate) {}
    }

    @Test func theWatchOSListingReplacesTheCategoriesAsOnApplePlatforms() async throws {
        let scene = try await ClientScene()
        await scene.registerCategories()
        await UNUserNotificationCenter.withCurrent(scene.center) { registerMyCategory() }
        let categories = await scene.center.notificationCategories()
        #expect(categories.map(\.identifier) == ["my_category"])
        #expect(categories.first?.actions.map(\.identifier) == ["my_action"])
        #expect(categories.first?.actions.first?.options == [])
    }
}
