import ArgumentParser

/// `usernotectl delivered list|remove|clear`: requests on screen.
struct Delivered: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delivered",
        abstract: "List or take off the screen an app's notifications.",
        subcommands: [ListRequests<DeliveredShelf>.self, RemoveRequests<DeliveredShelf>.self,
                      ClearRequests<DeliveredShelf>.self])
}

/// The delivered shelf: `GetDelivered`, `RemoveDelivered`, `RemoveAllDelivered`.
enum DeliveredShelf: ShelfCommand {
    static let shelf = Shelf.delivered
    static let things = "notifications on screen"
}
