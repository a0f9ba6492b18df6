import ArgumentParser
import UserNotificationsCore

/// `usernotectl delivered APP_ID`: prints the app's on-screen requests as JSON.
struct Delivered: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print an app's notifications on screen as JSON.")

    @OptionGroup var bus: BusOptions

    @Argument(help: ArgumentHelp("The app id.", valueName: "app-id"), transform: Arguments.appID)
    var app: AppID

    func run() async throws {
        StandardStreams.printFlushed(try await bus.withCenter { try await $0.delivered(app) })
    }
}
