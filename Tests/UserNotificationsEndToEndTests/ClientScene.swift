import UsernotedAPI
import DBus
import TestSupport
import UserNotifications

/// A real desktop for the client library: a private bus, Xvfb with dunst, the built
/// usernoted, and an app's ``UNUserNotificationCenter`` on its own connection.
struct ClientScene {
    static let appID = "org.example.Calendar"

    let bus: PrivateBus
    let desktop: TestDesktop
    let daemon: DaemonProcess
    let app: Connection
    let center: UNUserNotificationCenter

    /// Starts everything; `config` is the daemon's config.toml, if any.
    init(config: String? = nil) async throws {
        bus = try PrivateBus()
        desktop = try await TestDesktop(bus: bus)
        var arguments: [String] = []
        if let config {
            let file = bus.directory.appending(path: "config.toml")
            try config.write(to: file, atomically: true, encoding: .utf8)
            arguments = ["--config", file.path]
        }
        daemon = try await DaemonProcess(bus: bus, environment: desktop.environment, arguments: arguments)
        app = try await bus.connect()
        center = UNUserNotificationCenter(appID: Self.appID, connection: app)
    }

    /// Registers the meeting invitation category (000, Listing 1) as the app does at
    /// launch, with this center as `current()`.
    func registerCategories() async {
        await UNUserNotificationCenter.withCurrent(center) { registerMeetingInvitationCategory() }
    }

    /// Adds the meeting invitation `id` (000, Listing 2); returns once dunst shows it.
    func inviteToMeeting(_ id: String) async throws {
        let content = meetingInvitationContent(meetingID: "M-\(id)", userID: "U-42")
        try await center.add(UNNotificationRequest(identifier: id, content: content, trigger: nil))
    }

    /// The daemon's `Response` signals of the app, from now on (subscribed).
    func responseSignals() async throws -> SignalStream {
        try await Proxy.usernotedCenter(on: app).subscribeToResponses(of: Self.appID)
    }
}
