import DBus
import Foundation
import Testing
import TestSupport
import UsernotedAPI
import UserNotifications

/// A `UNNotificationServiceExtension` subclass built against the library (`ServiceExtensionApp`,
/// made with `UNServiceExtensionMain`), run by usernoted for `mutable-content` payloads; what
/// dunst shows.
@Suite(.serialized) struct ServiceExtensionClientTests {
    static let payload = #"{"aps": {"alert": {"title": "Lunch?"}, "mutable-content": 1}, "secret": "see you at 8"}"#

    /// Sets the built extension (with `arguments`) for the scene's app and posts the payload.
    static func post(in scene: ClientScene, arguments: [String] = []) async throws {
        let center = Proxy.usernotedCenter(on: scene.app)
        let program = DaemonProcess.productsDirectory.appending(path: "ServiceExtensionApp").path
        try await center.call(Center1.setServiceExtension, ClientScene.appID, [program] + arguments)
        _ = try await center.call(Center1.postPayload, ClientScene.appID, payload)
    }

    @Test func theSubclassChangesTheTitleAndTheBody() async throws {
        let scene = try await ClientScene()
        try await Self.post(in: scene)
        let (_, shown) = try await scene.desktop.waitUntilShown("the extension's content") { $0.summary.hasPrefix("Lunch?") }
        #expect(shown.summary == "Lunch? [changed]")
        #expect(shown.body == "see you at 8")
    }

    @Test func itsBestAttemptIsShownWhenItsTimeRunsOut() async throws {
        let scene = try await ClientScene(config: "[delivery]\nserviceExtensionSeconds = 3\n")
        try await Self.post(in: scene, arguments: ["slow"])
        let (_, shown) = try await scene.desktop.waitUntilShown("the best attempt") { $0.summary.hasPrefix("Lunch?") }
        #expect(shown.summary == "Lunch? [best attempt]", "serviceExtensionTimeWillExpire came before usernoted's deadline")
        #expect(shown.body == "see you at 8")
    }
}
