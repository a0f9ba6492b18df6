import EventLoop
import Foundation
import Testing
import UserNotificationsCore
@testable import UsernotedService

/// How far a handler has taken its app's outbox, step by step, whatever the delivery's phase.
@Suite struct OutboxLineTests {
    let response = NotificationResponse(
        appId: .test("org.example.App"), requestId: "r1", actionIdentifier: "default", userText: nil,
        notification: NotificationRequest(identifier: "r1", content: NotificationContent(title: "t")),
        date: Date(timeIntervalSince1970: 0), activationToken: nil)

    func outgoing() -> OutboxLine.Outgoing { OutboxLine.Outgoing(seq: Future(), response: response, json: "{}") }

    /// A line read empty by a drain, with a response recorded that goes out at once.
    func freshOut() -> (OutboxLine, place: Int?) {
        var line = OutboxLine()
        line.drained(emptySince: line.readMark)
        let place = line.recorded(outgoing(), mayGoAtOnce: true)
        return (line, place)
    }

    @Test func atStartNothingIsKnownAndTheStoreIsRead() {
        var line = OutboxLine()
        #expect(!line.knownEmpty)
        #expect(line.readMark == 0)
        guard case .fromStore = line.next() else { Issue.record("the store may hold a previous run's responses"); return }
        #expect(line.recorded(outgoing(), mayGoAtOnce: true) == nil, "at start the store may hold older responses")
        #expect(!line.took(nil), "a response recorded to the store is never taken fresh")
    }

    @Test func aResponseGoesOutAtOnceOnlyWhenThePhaseLetsIt() {
        var line = OutboxLine()
        line.drained(emptySince: line.readMark)
        #expect(line.knownEmpty)
        #expect(line.recorded(outgoing(), mayGoAtOnce: false) == nil, "a resting delivery leaves it in the store")
        #expect(!line.knownEmpty)
    }

    @Test func theFreshResponseIsTakenOnceAndItsAcknowledgementProvesTheOutboxEmpty() {
        var (line, place) = freshOut()
        #expect(place == 1)
        guard case .fresh(let fresh) = line.next() else { Issue.record("the fresh response goes first"); return }
        #expect(fresh.json == "{}")
        #expect(line.took(place))
        line.acknowledged()
        #expect(line.knownEmpty)
        guard case .none = line.next() else { Issue.record("nothing else was recorded: nothing to read"); return }
    }

    @Test func aResponseRecordedWhileTheFreshOneIsOutGoesNextFromMemory() {
        var (line, _) = freshOut()
        guard case .fresh = line.next() else { Issue.record("the fresh response goes first"); return }
        let second = line.recorded(outgoing(), mayGoAtOnce: true)  // while the first is out
        let third = line.recorded(outgoing(), mayGoAtOnce: true)
        #expect(second != nil, "only the one out is older")
        #expect(third == nil, "one waits in memory at a time")
        line.acknowledged()
        guard case .fresh = line.next() else { Issue.record("the second goes next, without the store"); return }
        #expect(line.took(second!))
        line.acknowledged()
        guard case .fromStore = line.next() else { Issue.record("the third is in the store"); return }
    }

    @Test func aFreshResponseBehindOneThatFailedWaitsInTheStore() {
        var (line, _) = freshOut()
        guard case .fresh = line.next() else { Issue.record("the fresh response goes first"); return }
        let second = line.recorded(outgoing(), mayGoAtOnce: true)
        #expect(second != nil)
        // The first was not acknowledged: the second must not overtake it.
        guard case .fromStore = line.next() else { Issue.record("the first is still in the store, before the second"); return }
        #expect(!line.took(second!), "its recorder starts a drain once it is committed")
        line.acknowledged()  // the handler took what the drain read from the store
        guard case .fromStore = line.next() else { Issue.record("only the fresh one's acknowledgement proves it empty"); return }
    }

    @Test func anEmptyReadProvesNothingWhileAResponseIsBeingCommittedOrArrives() {
        var line = OutboxLine()
        _ = line.recorded(outgoing(), mayGoAtOnce: true)
        #expect(line.readMark == nil, "the read may miss the response being committed")
        line.drained(emptySince: nil)
        #expect(!line.knownEmpty)
        line.committed()
        let mark = line.readMark
        #expect(mark == 1)
        _ = line.recorded(outgoing(), mayGoAtOnce: true)  // arrives while the drain reads
        line.drained(emptySince: mark)
        #expect(!line.knownEmpty, "a response came while the store was read")
    }
}
