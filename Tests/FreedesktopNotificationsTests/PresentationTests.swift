import Testing
import UserNotificationsCore
@testable import FreedesktopNotifications

/// One notification's presentation, transition by transition (no server).
@Suite struct PresentationTests {
    let request = NotificationRequest(identifier: "r1", content: NotificationContent(title: "t"))

    @Test func aNewNotificationWaitsForAServerUntilShown() {
        var presentation = Presentation(request: request, category: nil, order: 1, serverID: nil)
        #expect(presentation.phase == .waitingForServer)
        #expect(presentation.serverID == nil)
        presentation.shown(serverID: 9)
        #expect(presentation.phase == .shown(serverID: 9))
        #expect(presentation.serverID == 9)
    }

    @Test func aReplacementOrARestoredNotificationStartsWithTheIdItReplaces() {
        let presentation = Presentation(request: request, category: nil, order: 2, serverID: 9)
        #expect(presentation.phase == .shown(serverID: 9))
    }

    @Test func aServerChangeLeavesItWaitingForTheNextServer() {
        var presentation = Presentation(request: request, category: nil, order: 1, serverID: 9)
        _ = presentation.answeredByAction()
        presentation.offScreen()
        #expect(presentation.phase == .waitingForServer)
        #expect(presentation.answered, "still answered: a close on the new server is not a dismiss")
    }

    @Test func anActionUsesUpTheActivationTokenThatCameBeforeIt() {
        var presentation = Presentation(request: request, category: nil, order: 1, serverID: 9)
        #expect(!presentation.answered)
        presentation.activationTokenArrived("token-1")
        let token = presentation.answeredByAction()
        #expect(token == "token-1")
        #expect(presentation.answered)
        #expect(presentation.activationToken == nil)
        let secondToken = presentation.answeredByAction()
        #expect(secondToken == nil, "a second action has no token of the first's")
    }

    @Test func onceShownItIsShownAgainQuietlyUnlessTheUserAskedForIt() {
        var presentation = Presentation(request: request, category: nil, order: 1, serverID: nil)
        #expect(!presentation.quietAgain, "a new one has its banner")
        presentation.shown(serverID: 9)
        presentation.offScreen()
        #expect(presentation.quietAgain, "shown again on a new server, at the lock")
        #expect(Presentation(request: request, category: nil, order: 2, serverID: 9, announced: true).quietAgain, "restored")
        _ = presentation.stacked()
        presentation.unstacked()
        #expect(!presentation.quietAgain, "Show all on its stack: the user asked to see it")
        presentation.shown(serverID: 10)
        #expect(presentation.quietAgain)
    }
}
