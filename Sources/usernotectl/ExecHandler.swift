import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl handler exec --app ID -- CMD ARGS…`: runs a program once per response (SetExecHandler).
struct ExecHandler: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec", abstract: "Run a program once per response of an app.",
        discussion: """
            The daemon runs the program directly (no shell) with the response JSON on standard input and \
            USERNOTED_APP_ID, USERNOTED_REQUEST_ID, USERNOTED_ACTION, USERNOTED_USER_TEXT, USERNOTED_CATEGORY, \
            USERNOTED_TITLE and USERNOTED_USER_INFO in its environment. Exit status 0 acknowledges the response; \
            the first line printed may be a disposition (dismiss, keep, forward). A relative program path, or \
            a name found in your PATH, is made absolute here, since the daemon runs elsewhere. \
            Example: usernotectl handler exec --app org.example.Build -- logger -t build

            \(ExitStatus.help())
            """)

    @Option var app: AppID
    @Option(help: .address) var address: String?
    @OptionGroup var program: ProgramArguments

    func run() async throws {
        try await CenterClient.with(address: address) { _ = try await $0.call(Center1.setExecHandler, for: app, program.argv) }
    }
}
