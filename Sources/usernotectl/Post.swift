import ArgumentParser
import UserNotificationsCore

/// `usernotectl post --app ID [options] TITLE [BODY]`: shows a notification now and prints its request id.
struct Post: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Post a notification now and print its request id.",
        discussion: """
            Uses the Post method when only a category, title and body are given, else Add with a full request; --image adds an attachment (content.attachments).

            \(ExitStatus.help())
            """)

    @Option var app: AppID
    @OptionGroup var content: ContentOptions
    @Flag(help: .json) var json = false
    @Option(help: .address) var address: String?

    func run() async throws {
        let call = try content.postRequest().call
        let id = try await CenterClient.with(address: address) { try await $0.send(call, for: app) }
        Output.requestID(id, json: json)
    }
}
