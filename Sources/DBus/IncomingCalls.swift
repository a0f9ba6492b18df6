/// Incoming method calls waiting to be answered: a FIFO per sender, the senders served round-robin.
///
/// A peer with many calls under way waits behind its own calls, not in front of everyone
/// else's: with a single arrival-order queue, an app flooding the daemon with calls would
/// delay every other app's calls by its whole backlog. Each sender's calls keep their order.
struct IncomingCalls {
    /// Each sender's calls, oldest first.
    private var queues: [String: FIFO<Message>] = [:]
    /// Senders with calls waiting, in the order they are served.
    private var turns = FIFO<String>()

    /// Whether no call waits.
    var isEmpty: Bool { turns.isEmpty }

    /// How many calls of `sender` wait.
    func count(of sender: String) -> Int { queues[sender]?.count ?? 0 }

    /// Queues `message` behind its sender's earlier calls.
    mutating func append(_ message: Message) {
        let sender = message.sender ?? ""
        if queues[sender, default: FIFO()].isEmpty { turns.append(sender) }
        queues[sender, default: FIFO()].append(message)
    }

    /// The next call to answer: the oldest of the sender whose turn it is.
    mutating func next() -> Message? {
        guard let sender = turns.popFirst() else { return nil }
        let message = queues[sender]?.popFirst()
        if queues[sender]?.isEmpty == false { turns.append(sender) } else { queues[sender] = nil }
        return message
    }

    /// A first-in, first-out queue: an array read from `head`, compacted once more than half of it is read.
    private struct FIFO<Element> {
        private var items: [Element] = []
        private var head = 0

        var isEmpty: Bool { head == items.count }

        var count: Int { items.count - head }

        mutating func append(_ item: Element) { items.append(item) }

        mutating func popFirst() -> Element? {
            guard head < items.count else { return nil }
            let item = items[head]
            head += 1
            if head > 64, head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            return item
        }
    }
}
