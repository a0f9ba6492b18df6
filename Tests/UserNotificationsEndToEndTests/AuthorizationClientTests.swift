import Foundation
import Testing
import TestSupport
import UserNotifications

/// `requestAuthorization` with `[authorization] ask = true`, against usernoted and a real
/// dunst: the question is on screen, and the user's choice in dunst's menu is the app's answer.
@Suite(.serialized) struct AuthorizationClientTests {
    /// Asks for the app, and answers the question with `choice` in dunst's menu; returns what the app got.
    static func answer(_ choice: String) async throws -> (granted: Bool, scene: ClientScene) {
        let scene = try await ClientScene(config: "[authorization]\nask = true\n")
        let center = scene.center
        let granted = Task { try await center.requestAuthorization(options: [.alert, .sound]) }
        let (_, prompt) = try await scene.desktop.waitUntilShown("the question") {
            $0.summary == "Allow notifications from Calendar?"
        }
        let menu = try await scene.desktop.openMenu(choosing: choice, of: prompt.id)
        #expect(menu.buttons(of: prompt.id) == ["Allow", "Don't Allow"])
        return (try await granted.value, scene)
    }

    @Test func allowInDunstsMenuAuthorizesTheApp() async throws {
        let (granted, scene) = try await Self.answer("allow")
        #expect(granted)
        #expect(await scene.center.notificationSettings().authorizationStatus == .authorized)
        #expect(try await scene.center.requestAuthorization(), "asked once: the stored answer from now on")
    }

    @Test func dontAllowInDunstsMenuDeniesIt() async throws {
        let (granted, scene) = try await Self.answer("dont-allow")
        #expect(!granted)
        #expect(await scene.center.notificationSettings().authorizationStatus == .denied)
    }
}
