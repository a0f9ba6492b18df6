import ArgumentParser
import UserNotificationsCore
import UsernotedAPI

/// `usernotectl apps set APP --deny|--allow|--provisional --sound|--no-sound …`: SetSettings.
struct SetAppSettings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change an app's settings; what is not given stays.",
        discussion: """
            --deny refuses the app's posts (it gets io.github.usernoted.Error.NotAuthorized and nothing \
            is shown); --provisional delivers them quietly, as passive; --allow authorizes it again. \
            --text-domain and --locale-dir name the gettext catalog its pushes' localized alerts \
            (loc-key …) are translated from (an empty value goes back to the default). \
            Prints the app's settings as they are now (JSON).

            \(ExitStatus.help())
            """)

    @Argument(help: ArgumentHelp("The app id, e.g. org.example.Calendar.", valueName: "app-id"), transform: Arguments.appID)
    var app: AppID

    @Flag(help: "Whether the app may notify.")
    var authorization: AppSettings.AuthorizationStatus?

    @Flag(inversion: .prefixedNo, help: "Show it on screen (a banner).")
    var alert: Bool?
    @Flag(inversion: .prefixedNo, help: "Play its sounds.")
    var sound: Bool?
    @Flag(inversion: .prefixedNo, help: "Show its badge counts.")
    var badge: Bool?
    @Flag(name: .customLong("lock-screen"), inversion: .prefixedNo, help: "Show it while the session is locked.")
    var lockScreen: Bool?
    @Flag(name: .customLong("time-sensitive"), inversion: .prefixedNo, help: "Let its time-sensitive notifications break through Focus.")
    var timeSensitive: Bool?
    @Flag(name: .customLong("critical"), inversion: .prefixedNo, help: "Show its critical notifications as critical.")
    var criticalAlert: Bool?
    @Flag(inversion: .prefixedNo, help: "Gather it into the scheduled summary.")
    var summary: Bool?
    @Option(name: .customLong("previews"), help: ArgumentHelp("When its body is shown: always, whenUnlocked or never.", valueName: "when"))
    var showPreviews: AppSettings.ShowPreviews?
    @Option(name: .customLong("text-domain"), help: ArgumentHelp(
        "The gettext text domain of its localized alerts (default: its desktop file's X-GNOME-Gettext-Domain, else the app id).",
        valueName: "domain"))
    var textDomain: String?
    @Option(name: .customLong("locale-dir"), help: ArgumentHelp(
        "The directory holding <language>/LC_MESSAGES/<domain>.mo (default: /usr/share/locale).", valueName: "dir"))
    var localeDirectory: String?

    @Option(help: .address) var address: String?

    func validate() throws {
        let update = self.update
        if update == AppSettings.Update() { throw ValidationError("say what to change, e.g. --deny or --no-sound") }
    }

    /// The change the options ask for.
    var update: AppSettings.Update {
        AppSettings.Update(
            authorizationStatus: authorization, alert: alert, sound: sound, badge: badge, lockScreen: lockScreen,
            timeSensitive: timeSensitive, criticalAlert: criticalAlert, showPreviews: showPreviews, summary: summary,
            textDomain: textDomain, localeDirectory: localeDirectory)
    }

    func run() async throws {
        try await CenterClient.with(address: address) { center in
            _ = try await center.call(Center1.setSettings, for: app, ModelJSON.encode(update))
            StandardStreams.printFlushed(try await center.call(Center1.getSettings, for: app))
        }
    }
}

extension AppSettings.AuthorizationStatus: EnumerableFlag {
    public static func name(for value: Self) -> NameSpecification {
        switch value {
        case .authorized: .customLong("allow")
        case .denied: .customLong("deny")
        case .provisional: .customLong("provisional")
        }
    }
}

extension AppSettings.ShowPreviews: ExpressibleByArgument {}
