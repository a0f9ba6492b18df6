import ArgumentParser

/// `usernotectl pending list|remove|clear`: scheduled requests not shown yet.
struct Pending: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List or unschedule an app's scheduled notifications.",
        subcommands: [ListRequests<PendingShelf>.self, RemoveRequests<PendingShelf>.self, ClearRequests<PendingShelf>.self])
}

/// The pending shelf: `GetPending`, `RemovePending`, `RemoveAllPending`.
enum PendingShelf: ShelfCommand {
    static let shelf = Shelf.pending
    static let things = "scheduled notifications"
}
