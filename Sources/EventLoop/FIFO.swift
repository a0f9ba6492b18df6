/// A first-in, first-out queue: an array read from `head`, compacted once more than half of it
/// is read, and emptied (keeping its capacity) when the last item is taken, so that nothing
/// taken is held on to while the queue waits for more.
/// Public and inlinable, so that each user specializes it for its elements (see ``Future``).
public struct FIFO<Element> {
    @usableFromInline var items: [Element] = []
    @usableFromInline var head = 0

    @inlinable public init() {}

    @inlinable public var isEmpty: Bool { head == items.count }

    @inlinable public var count: Int { items.count - head }

    @inlinable public mutating func append(_ item: Element) { items.append(item) }

    @inlinable public mutating func popFirst() -> Element? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }
}
