import DBus
import Foundation
import MQTT
import Testing
import TestSupport

/// Localized alerts end to end: a real mosquitto, a real dunst, the built daemon in a German
/// session (`LANG=C.UTF-8`, installed everywhere, with `LANGUAGE=de`), and the app's catalog
/// compiled by msgfmt into a locale directory of its own, named with `usernotectl apps set`.
@Suite(.serialized) struct LocalizedPushTests {
    static let app = Scene.appID
    static let domain = "org.example.calendar-alerts"
    static let translations = [
        "INVITATION_TITLE": "Einladung",
        "INVITATION_SUBTITLE": "Von %@",
        "%@ invites you to %@": "%1$@ lädt dich zu „%2$@“ ein",
    ]

    /// The daemon in a German session, with push on against `broker` and `environment` added.
    static func germanScene(_ broker: Mosquitto, device: String, environment: [String: String] = [:]) async throws -> Scene {
        let config = "[push]\nbroker = \"\(broker.url)\"\ndevice = \"\(device)\"\nuser = \"alice\"\n"
        let german = ["LANG": "C.UTF-8", "LANGUAGE": "de", "LC_ALL": "", "LC_MESSAGES": ""]
        let scene = try await Scene(config: config, daemonEnvironment: german.merging(environment) { $1 })
        try await scene.daemon.process.waitForLog(containing: "push: subscribed")
        return scene
    }

    @Test func aPushsLocalizedAlertIsShownTranslatedInTheUsersLanguage() async throws {
        let broker = try await Mosquitto()
        let scene = try await Self.germanScene(broker, device: "desk-de")
        let locales = try GettextCatalog.install(
            domain: Self.domain, languages: ["de"], translations: Self.translations,
            in: scene.bus.directory.appending(path: "locale"))
        let set = try UsernotectlTests().usernotectl(
            scene, "apps", "set", Self.app, "--text-domain", Self.domain, "--locale-dir", locales.path)
        #expect(set.succeeded, "\(set.errors)")
        #expect(set.output.contains(#""textDomain":"\#(Self.domain)""#), "\(set.output)")
        let listed = try UsernotectlTests().usernotectl(scene, "apps", "list").output
        #expect(listed.contains("text domain \(Self.domain), locale dir \(locales.path)"), "\(listed)")

        let token = try #require(try await scene.center.call("GetPushToken", [.string(Self.app)]).first?.as(String.self))
        let provider = try MQTTProbe(broker.url, id: "provider", subscriptions: [token + "/errors"])
        try await provider.connected()
        try await provider.publish(token, #"""
            {"aps": {"alert": {"title-loc-key": "INVITATION_TITLE", "subtitle-loc-key": "INVITATION_SUBTITLE",
                               "subtitle-loc-args": ["Anna"], "loc-key": "%@ invites you to %@",
                               "loc-args": ["Anna", "Weekly Staff Meeting"]},
                     "category": "MEETING_INVITATION"},
             "MEETING_ID": "M-7"}
            """#, properties: [UserProperty("apns-id", "invite-de")])
        let (_, shown) = try await scene.desktop.waitUntilShown("the translated invitation") { $0.summary == "Einladung" }
        #expect(shown.body.contains("Anna lädt dich zu „Weekly Staff Meeting“ ein"), "\(shown)")
        #expect(shown.body.contains("Von Anna"), "the subtitle, which dunst shows with the body: \(shown)")

        // A key the catalog lacks: the plain title sent beside it, and the body's key itself with its arguments.
        try await provider.publish(token, #"""
            {"aps": {"alert": {"title": "Reminder", "title-loc-key": "REMINDER_TITLE",
                               "loc-key": "%@ starts in %@ minutes", "loc-args": ["Standup", "5"]}}}
            """#, properties: [UserProperty("apns-id", "reminder-de")])
        let (_, fallback) = try await scene.desktop.waitUntilShown("the untranslated reminder") { $0.summary == "Reminder" }
        #expect(fallback.body == "Standup starts in 5 minutes", "\(fallback)")
        try await scene.daemon.process.waitForLog(containing: "localized alerts: no translation in the session's language")
        #expect(scene.daemon.process.log.contains("key=REMINDER_TITLE localeDirectory=\(locales.path) textDomain=\(Self.domain)"),
                "the log names the key and where it looked: \(scene.daemon.process.log.suffix(2000))")

        // Arguments without their key: not shown, and the provider hears why.
        try await provider.publish(
            token, #"{"aps": {"alert": {"body": "x", "loc-args": ["Anna"]}}}"#, properties: [UserProperty("apns-id", "bad-de")])
        let report = try await provider.message()
        let error = String(decoding: report.payload, as: UTF8.self)
        #expect(report.topic == token + "/errors")
        #expect(error.contains("InvalidRequest") && error.contains("aps.alert.loc-args: is given without 'loc-key'"), "\(error)")
        #expect(!scene.desktop.shown().contains { $0.body == "x" })

        // The app's service extension gets the request translated, and shows what it makes of it.
        let input = scene.bus.directory.appending(path: "extension-input.json").path
        let script = try writeScript(scene.bus.directory.appending(path: "extension").path, """
            cat > '\(input)'
            echo '{"title": "Einladung (entschlüsselt)", "body": "Anna: Mittagessen?"}'
            """)
        _ = try await scene.center.call("SetServiceExtension", [.string(Self.app), [script].dbusValue])
        try await provider.publish(
            token, #"{"aps": {"alert": {"title-loc-key": "INVITATION_TITLE"}, "mutable-content": 1}, "ciphertext": "…"}"#,
            properties: [UserProperty("apns-id", "extension-de")])
        let (_, changed) = try await scene.desktop.waitUntilShown("the extension's content") { $0.summary == "Einladung (entschlüsselt)" }
        #expect(changed.body == "Anna: Mittagessen?")
        let given = try String(contentsOfFile: input, encoding: .utf8)
        #expect(given.contains(#""title":"Einladung""#) && !given.contains("INVITATION_TITLE"), "\(given)")
        await provider.stop()
    }

    @Test func theDesktopFilesGettextDomainIsTheCatalogWhenTheSettingsNameNone() async throws {
        let broker = try await Mosquitto()
        // The app's desktop file, in the daemon's data dirs before it starts, names its text domain.
        let data = try TemporaryDirectory.make(prefix: "usernoted-localized-data")
        defer { try? FileManager.default.removeItem(at: data) }
        let applications = data.appending(path: "applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Calendar\nExec=true\nX-GNOME-Gettext-Domain=\(Self.domain)\n"
            .write(to: applications.appending(path: "\(Self.app).desktop"), atomically: true, encoding: .utf8)
        let scene = try await Self.germanScene(broker, device: "desk-de2", environment: [
            "XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": data.appending(path: "no-system-apps").path])
        let locales = try GettextCatalog.install(
            domain: Self.domain, languages: ["de"], translations: Self.translations, in: data.appending(path: "locale"))
        let set = try UsernotectlTests().usernotectl(scene, "apps", "set", Self.app, "--locale-dir", locales.path)
        #expect(set.succeeded && !set.output.contains("textDomain"), "\(set.errors)\(set.output)")

        let token = try #require(try await scene.center.call("GetPushToken", [.string(Self.app)]).first?.as(String.self))
        let provider = try MQTTProbe(broker.url, id: "provider")
        try await provider.connected()
        try await provider.publish(
            token, #"{"aps": {"alert": {"title-loc-key": "INVITATION_TITLE", "loc-key": "%@ invites you to %@", "loc-args": ["Ben", "Lunch"]}}}"#,
            properties: [UserProperty("apns-id", "desktop-domain")])
        let (_, shown) = try await scene.desktop.waitUntilShown("the invitation translated by the desktop file's domain") {
            $0.summary == "Einladung"
        }
        #expect(shown.body == "Ben lädt dich zu „Lunch“ ein", "\(shown)")
        await provider.stop()
    }

    @Test func aSessionLocaleThatIsNotInstalledIsSaidAndLanguageStillChooses() async throws {
        // xx_XX is installed nowhere: the daemon warns, reads in C.UTF-8, and LANGUAGE=de still chooses German.
        let scene = try await Scene(daemonEnvironment: ["LANG": "xx_XX.UTF-8", "LANGUAGE": "de", "LC_ALL": "", "LC_MESSAGES": ""])
        try await scene.daemon.process.waitForLog(containing: "localized alerts: the session's messages locale is not installed")
        #expect(scene.daemon.process.log.contains("LANG=xx_XX.UTF-8"), "the log names the variables: \(scene.daemon.process.log)")
        let locales = try GettextCatalog.install(
            domain: Self.domain, languages: ["de"], translations: Self.translations,
            in: scene.bus.directory.appending(path: "locale"))
        let cli = UsernotectlTests()
        #expect(try cli.usernotectl(scene, "apps", "set", Self.app, "--text-domain", Self.domain, "--locale-dir", locales.path).succeeded)
        let pushed = try cli.usernotectl(
            scene, "push", "--app", Self.app, "-", input: #"{"aps": {"alert": {"title-loc-key": "INVITATION_TITLE", "body": "x"}}}"#)
        #expect(pushed.succeeded, "\(pushed.errors)")
        try await scene.desktop.waitUntilShown("the title translated through LANGUAGE") { $0.summary == "Einladung" }
    }
}
