/// A first-in, first-out queue: an array read from `head`, compacted once more than half of it is read.
package struct FIFO<Element> {
    private var items: [Element] = []
    private var head = 0

    package init() {}

    package var isEmpty: Bool { head == items.count }

    package var count: Int { items.count - head }

    package mutating func append(_ item: Element) { items.append(item) }

    package mutating func popFirst() -> Element? {
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
