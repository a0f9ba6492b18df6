/// Incoming method calls waiting to be answered: one line per sender, served in turn.
///
/// A peer with many calls under way waits behind its own calls, not in front of everyone
/// else's: with a single arrival-order queue, an app flooding the daemon with calls would
/// delay every other app's calls by its whole backlog. Each sender's calls keep their order.
struct IncomingCalls {
    /// Each sender's calls, oldest first (from `head` on).
    private var lines: [String: Line] = [:]
    /// Senders with calls waiting, in the order they are served.
    private var turns: [String] = []
    private var turnHead = 0

    /// Whether no call waits.
    var isEmpty: Bool { turnHead == turns.count }

    /// Queues `message` behind its sender's earlier calls.
    mutating func append(_ message: Message) {
        let sender = message.sender ?? ""
        if lines[sender, default: Line()].isEmpty { push(sender) }
        lines[sender, default: Line()].append(message)
    }

    /// The next call to answer: the oldest of the sender whose turn it is.
    mutating func next() -> Message? {
        guard turnHead < turns.count else { return nil }
        let sender = turns[turnHead]
        turnHead += 1
        if turnHead > 64, turnHead * 2 > turns.count {
            turns.removeFirst(turnHead)
            turnHead = 0
        }
        let message = lines[sender]?.popFirst()
        if lines[sender]?.isEmpty == false { push(sender) } else { lines[sender] = nil }
        return message
    }

    private mutating func push(_ sender: String) { turns.append(sender) }

    /// One sender's calls: an array read from `head`, compacted now and then.
    private struct Line {
        private var items: [Message] = []
        private var head = 0

        var isEmpty: Bool { head == items.count }

        mutating func append(_ message: Message) { items.append(message) }

        mutating func popFirst() -> Message? {
            guard head < items.count else { return nil }
            let message = items[head]
            head += 1
            if head > 64, head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            return message
        }
    }
}
