import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl extension set --app ID -- CMD ARGS…`: the app's service extension (SetServiceExtension).
struct SetExtension: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Run a program to change each mutable-content notification of an app before it is shown.",
        discussion: """
            For each push or PostPayload with "mutable-content": 1, the daemon runs the program directly (no \
            shell) with the request JSON on standard input and USERNOTED_APP_ID, USERNOTED_REQUEST_ID and \
            USERNOTED_EXTENSION_SECONDS in its environment; what it prints (the new content JSON, as in Add) is \
            shown if it exits 0 in time, else the original content. A relative program path, or a name found in \
            your PATH, is made absolute here, since the daemon runs elsewhere. \
            Example: usernotectl extension set --app org.example.Chat -- /usr/lib/chat/decrypt-notification

            \(ExitStatus.help())
            """)

    @Option var app: AppID
    @Option(help: .address) var address: String?
    @OptionGroup var program: ProgramArguments

    func run() async throws {
        try await CenterClient.with(address: address) { _ = try await $0.call(Center1.setServiceExtension, for: app, program.argv) }
    }
}
