import ArgumentParser

/// `usernotectl post --app ID [options] TITLE [BODY]`: shows a notification now and prints its request id.
struct Post: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "post",
        abstract: "Post a notification now and print its request id.",
        discussion: """
            Uses the Post method when only a category, title and body are given, else Add with a full request; --image adds an attachment (content.attachments).

            \(ExitStatus.help())
            """)

    @OptionGroup var target: AppOption
    @OptionGroup var content: ContentOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var bus: BusOptions

    func run() async throws {
        let call = try content.postRequest().call
        let id = try await bus.withCenter { try await $0.send(call, for: target.app) }
        Output.requestID(id, json: output.json)
    }
}
