import ArgumentParser

/// `usernotectl pending list|remove|clear`: scheduled requests not shown yet.
struct Pending: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "List or unschedule an app's scheduled notifications.",
        subcommands: [ListRequests<PendingRequests>.self, RemoveRequests<PendingRequests>.self, ClearRequests<PendingRequests>.self])
}

/// Scheduled: `GetPending`, `RemovePending`, `RemoveAllPending`.
enum PendingRequests: RequestStateCommand {
    static let state = RequestState.pending
    static let things = "scheduled notifications"
}
