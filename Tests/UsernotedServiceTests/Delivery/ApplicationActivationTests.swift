import DBus
import Foundation
import Testing
import UserNotificationsCore
@testable import UsernotedService

/// What a GApplication-style app receives.
@Suite struct ApplicationActivationTests {
    @Test func theObjectPathIsDerivedFromTheAppIDAsGApplicationDoes() {
        #expect(ApplicationActivation.path(of: .test("org.example.Calendar")) == "/org/example/Calendar")
        #expect(ApplicationActivation.path(of: .test("org.gnome.Weather-App")) == "/org/gnome/Weather_App")
    }

    @Test func theActionIsTheResponsesAndThePlatformDataCarriesTheActivationToken() throws {
        let response = NotificationResponse(
            appId: .test("org.example.Calendar"), requestId: "r", actionIdentifier: "ACCEPT_ACTION", userText: nil,
            notification: NotificationRequest(identifier: "r", content: NotificationContent(title: "T")),
            date: Date(timeIntervalSince1970: 1_900_000_000), activationToken: "token-1")
        let (action, parameter, platformData) = ApplicationActivation.arguments(for: response)
        #expect(ApplicationActivation.activateAction.inputs.map(\.type.code) == ["s", "av", "a{sv}"])
        #expect(action == "ACCEPT_ACTION")
        guard parameter.count == 1, case .string(let json) = parameter[0] else {
            Issue.record("parameter is \(parameter)")
            return
        }
        #expect(try ModelJSON.decodeResponse(json) == response)
        #expect(platformData["activation-token"] == .string("token-1"))
        #expect(platformData["desktop-startup-id"] == .string("token-1"))
    }
}
