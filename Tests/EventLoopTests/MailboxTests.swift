import EventLoop
import Synchronization
import Testing
import TestSupport

/// Items from any number of senders to one taker, in the order sent, none lost; finishing
/// (or cancelling the taker) ends it after what was sent before.
@Suite(.timeLimit(.minutes(1))) struct MailboxTests {
    @Test func itemsComeInTheOrderSentThenNilOnceFinished() async {
        let mailbox = Mailbox<Int>()
        for item in 1...3 { mailbox.send(item) }
        mailbox.finish()
        mailbox.send(4)
        var taken: [Int] = []
        for await item in mailbox.taker { taken.append(item) }
        #expect(taken == [1, 2, 3], "what came before the finish, in order; nothing after it")
    }

    @Test func aTakerWaitingGetsTheNextItemSent() async throws {
        let mailbox = Mailbox<String>()
        let taker = Task { await mailbox.next() }
        try await waitUntil("the taker waits") { mailbox.hasWaiter }
        mailbox.send("hello")
        #expect(await taker.value == "hello")
    }

    @Test func manySendersLoseNothingAndKeepEachOnesOrder() async {
        let mailbox = Mailbox<(sender: Int, n: Int)>()
        let taker = Task {
            var taken: [[Int]] = Array(repeating: [], count: 4)
            for await item in mailbox.taker { taken[item.sender].append(item.n) }
            return taken
        }
        await withTaskGroup(of: Void.self) { group in
            for sender in 0..<4 {
                group.addTask {
                    for n in 0..<2_000 {
                        mailbox.send((sender, n))
                        if n % 7 == 0 { await Task.yield() }
                    }
                }
            }
        }
        mailbox.finish()
        let taken = await taker.value
        #expect(taken.allSatisfy { $0 == Array(0..<2_000) }, "each sender's items, every one, in the order it sent them")
    }

    @Test func cancellingTheTakerFinishesTheMailbox() async throws {
        let mailbox = Mailbox<Int>()
        let taker = Task { await mailbox.next() }
        try await waitUntil("the taker waits") { mailbox.hasWaiter }
        taker.cancel()
        #expect(await taker.value == nil)
        mailbox.send(1)
        #expect(await mailbox.next() == nil, "finished: what is sent after is dropped")
    }
}
