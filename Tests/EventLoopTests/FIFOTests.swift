import EventLoop
import Testing

/// First in, first out; nothing taken is kept once the queue is empty.
@Suite struct FIFOTests {
    final class Item {}

    @Test func itemsComeOutInTheOrderTheyWentIn() {
        var queue = FIFO<Int>()
        for n in 0..<200 { queue.append(n) }
        var out: [Int] = []
        while let n = queue.popFirst() {
            out.append(n)
            if n == 100 { queue.append(200) }
        }
        #expect(out == Array(0...200))
        #expect(queue.isEmpty && queue.count == 0)
    }

    @Test func theLastItemTakenIsNotHeldOnTo() {
        var queue = FIFO<Item>()
        weak var taken: Item?
        do {
            let item = Item()
            taken = item
            queue.append(item)
        }
        _ = queue.popFirst()
        #expect(taken == nil, "the queue is empty: it keeps no reference to what was taken")
    }
}
