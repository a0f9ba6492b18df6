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

    static func response(to request: NotificationRequest, action: String, token: String? = "token-1") -> NotificationResponse {
        NotificationResponse(
            appId: .test("org.example.Calendar"), requestId: request.identifier, actionIdentifier: action, userText: nil,
            notification: request, date: Date(timeIntervalSince1970: 1_900_000_000), activationToken: token)
    }

    @Test func theActionIsTheResponsesAndThePlatformDataCarriesTheActivationToken() throws {
        let response = Self.response(to: NotificationRequest(identifier: "r", content: NotificationContent(title: "T")), action: "ACCEPT_ACTION")
        #expect(ApplicationActivation.activateAction.inputs.map(\.type.code) == ["s", "av", "a{sv}"])
        guard case .activateAction(let action, let parameter, let platformData) = ApplicationActivation.call(for: response),
              parameter.count == 1, case .string(let json) = parameter[0]
        else {
            Issue.record("the call is \(ApplicationActivation.call(for: response))")
            return
        }
        #expect(action == "ACCEPT_ACTION")
        #expect(try ModelJSON.decodeResponse(json) == response)
        #expect(platformData == ["activation-token": .string("token-1"), "desktop-startup-id": .string("token-1")])
    }

    /// A GLib notification's answer calls what GNOME Shell calls.
    @Test func aGLibButtonIsItsActionWithItsTargetAndABodyClickWithoutDefaultIsActivate() throws {
        let (request, _) = try GLibNotification.request(id: "msg-1", of: .test("org.example.Calendar"), from: GLibNotificationTests.issueExample)
        let token: [String: Value] = ["activation-token": .string("token-1"), "desktop-startup-id": .string("token-1")]
        #expect(ApplicationActivation.call(for: Self.response(to: request, action: "app.reply"))
            == .activateAction(name: "reply", parameter: [.string("anna")], platformData: token))
        #expect(ApplicationActivation.call(for: Self.response(to: request, action: "default", token: nil))
            == .activateAction(name: "open", parameter: [], platformData: [:]))
        let (plain, _) = try GLibNotification.request(id: "n", of: .test("org.example.Calendar"), from: ["title": .string("T")])
        #expect(ApplicationActivation.call(for: Self.response(to: plain, action: "default")) == .activate(platformData: token))
        #expect(ApplicationActivation.activate.inputs.map(\.type.code) == ["a{sv}"])
    }

    @Test func aGLibActionOutsideTheAppNamespaceIsOrgGtkNotificationsActionInvoked() throws {
        let (request, _) = try GLibNotification.request(id: "n", of: .test("org.example.Calendar"), from: [
            "title": .string("T"), "default-action": .string("win.show")])
        #expect(ApplicationActivation.call(for: Self.response(to: request, action: "default"))
            == .gtkSignal(id: "n", action: "win.show", parameter: [], platformData: ["activation-token": .string("token-1")]))
        #expect(ApplicationActivation.call(for: Self.response(to: request, action: "default", token: nil))
            == .gtkSignal(id: "n", action: "win.show", parameter: [], platformData: [:]))
    }
}
