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
        let arguments = ApplicationActivation.arguments(for: response)
        #expect(arguments.map(\.type.code) == ["s", "av", "a{sv}"])
        #expect(arguments[0] == .string("ACCEPT_ACTION"))
        guard case .array(.variant, let items) = arguments[1], case .variant(.string(let json))? = items.first else {
            Issue.record("parameter is \(arguments[1])")
            return
        }
        #expect(try ModelJSON.decodeResponse(json) == response)
        guard case .dictionary(_, _, let entries) = arguments[2] else { return }
        #expect(entries.contains(DictionaryEntry(.string("activation-token"), .variant(.string("token-1")))))
        #expect(entries.contains(DictionaryEntry(.string("desktop-startup-id"), .variant(.string("token-1")))))
    }
}
