import ArgumentParser
import UserNotificationsCore

/// `usernotectl remove-delivered APP_ID [ID…]`: takes notifications off the screen; no ids means all.
struct RemoveDelivered: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Take an app's notifications off the screen (all of them when no id is given).")

    @OptionGroup var bus: BusOptions

    @Argument(help: ArgumentHelp("The app id.", valueName: "app-id"), transform: Arguments.appID)
    var app: AppID

    @Argument(help: ArgumentHelp("Request ids to remove.", valueName: "id"))
    var ids: [String] = []

    func run() async throws {
        try await bus.withCenter { try await $0.removeDelivered(app, ids: ids) }
    }
}
