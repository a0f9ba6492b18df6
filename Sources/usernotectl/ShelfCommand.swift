/// What `pending` and `delivered` share: which shelf their `list`, `remove` and `clear` act on.
protocol ShelfCommand: Sendable {
    /// The shelf the methods are named after.
    static var shelf: Shelf { get }
    /// What the requests are, for help texts: "scheduled notifications".
    static var things: String { get }
}
