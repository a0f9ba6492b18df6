import ArgumentParser

/// `usernotectl delivered list|remove|clear`: requests on screen.
struct Delivered: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delivered",
        abstract: "List or take off the screen an app's notifications.",
        subcommands: [ListRequests<DeliveredRequests>.self, RemoveRequests<DeliveredRequests>.self,
                      ClearRequests<DeliveredRequests>.self])
}

/// On screen: `GetDelivered`, `RemoveDelivered`, `RemoveAllDelivered`.
enum DeliveredRequests: RequestStateCommand {
    static let state = RequestState.delivered
    static let things = "notifications on screen"
}
