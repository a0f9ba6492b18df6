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

    @Test func aPushsLocalizedAlertIsShownTranslatedInTheUsersLanguage() async throws {
        let broker = try await Mosquitto()
        let config = "[push]\nbroker = \"\(broker.url)\"\ndevice = \"desk-de\"\nuser = \"alice\"\n"
        let scene = try await Scene(
            config: config, daemonEnvironment: ["LANG": "C.UTF-8", "LANGUAGE": "de", "LC_ALL": "", "LC_MESSAGES": ""])
        try await scene.daemon.process.waitForLog(containing: "push: subscribed")
        let locales = try GettextCatalog.install(
            domain: Self.domain, languages: ["de"], translations: Self.translations,
            in: scene.bus.directory.appending(path: "locale"))
        let set = try UsernotectlTests().usernotectl(
            scene, "apps", "set", Self.app, "--text-domain", Self.domain, "--locale-dir", locales.path)
        #expect(set.succeeded, "\(set.errors)")
        #expect(set.output.contains(#""textDomain":"\#(Self.domain)""#), "\(set.output)")

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

        // Arguments without their key: not shown, and the provider hears why.
        try await provider.publish(
            token, #"{"aps": {"alert": {"body": "x", "loc-args": ["Anna"]}}}"#, properties: [UserProperty("apns-id", "bad-de")])
        let report = try await provider.message()
        let error = String(decoding: report.payload, as: UTF8.self)
        #expect(report.topic == token + "/errors")
        #expect(error.contains("InvalidRequest") && error.contains("aps.alert.loc-args: is given without 'loc-key'"), "\(error)")
        #expect(!scene.desktop.shown().contains { $0.body == "x" })
        await provider.stop()
    }
}
