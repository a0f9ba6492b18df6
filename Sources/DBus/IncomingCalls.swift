import EventLoop

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
}
