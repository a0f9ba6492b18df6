import Testing
@testable import DBus

@Suite struct IncomingCallsTests {
    func call(_ sender: String, _ number: Int) -> Message {
        var message = Message.methodCall(destination: ":1.1", path: "/work", interface: "org.example.Work", member: "Do", body: [.int32(Int32(number))])
        message.sender = sender
        return message
    }

    func drain(_ queue: inout IncomingCalls) -> [String] {
        var order: [String] = []
        while let next = queue.next() { order.append("\(next.sender!)\(next.body[0].as(Int32.self)!)") }
        return order
    }

    @Test func sendersTakeTurnsAndEachKeepsItsOrder() {
        var queue = IncomingCalls()
        for (sender, number) in [("a", 1), ("a", 2), ("a", 3), ("b", 1), ("c", 1), ("b", 2)] { queue.append(call(sender, number)) }
        #expect(drain(&queue) == ["a1", "b1", "c1", "a2", "b2", "a3"])
        #expect(queue.isEmpty)
    }

    @Test func aSenderThatComesBackJoinsTheEndOfTheTurns() {
        var queue = IncomingCalls()
        queue.append(call("a", 1))
        queue.append(call("b", 1))
        #expect(queue.next()?.sender == "a")
        queue.append(call("a", 2))  // a's line was empty: it waits behind b
        #expect(drain(&queue) == ["b1", "a2"])
    }

    @Test func aLongBacklogDrainsInOrder() {
        var queue = IncomingCalls()
        for number in 0..<1000 { queue.append(call("a", number)) }
        queue.append(call("b", 0))
        let order = drain(&queue)
        #expect(order.count == 1001)
        #expect(order[1] == "b0")
        #expect(order.filter { $0.hasPrefix("a") } == (0..<1000).map { "a\($0)" })
    }
}
