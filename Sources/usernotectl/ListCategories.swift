import UsernotedAPI
import ArgumentParser
import UserNotificationsCore

/// `usernotectl categories list --app ID`: one line per category, or the daemon's JSON.
struct ListCategories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List an app's categories and their actions.",
        discussion: "Text: one category per line with its actions (title and identifier) and options.\n\n\(ExitStatus.help())")

    @Option var app: AppID
    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    func run() async throws {
        let reply = try await CenterClient.with(address: address) { try await $0.call(Center1.getCategories, for: app) }
        if json { return StandardStreams.printFlushed(reply) }
        let categories = try ModelJSON.decodeCategories(reply, limits: nil)
        if categories.isEmpty { return StandardStreams.printFlushed("\(app.rawValue) has no categories") }
        Output.table(categories.map { category in
            let actions = category.actions.map { action in
                let marks = action.options.names + (action.isTextInput ? ["text input"] : [])
                return "\(action.title) (\(action.identifier)\(marks.isEmpty ? "" : "; " + marks.joined(separator: ", ")))"
            }
            let options = category.options.names
            return [category.identifier, actions.isEmpty ? "no actions" : actions.joined(separator: ", ")]
                + (options.isEmpty ? [] : ["[" + options.joined(separator: ", ") + "]"])
        })
    }
}
