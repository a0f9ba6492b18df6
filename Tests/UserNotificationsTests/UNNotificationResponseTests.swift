import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UNNotificationResponseTests {
    static func model(userText: String? = nil) throws -> NotificationResponse {
        NotificationResponse(
            appId: try AppID(validating: "org.example.Calendar"), requestId: "r1", actionIdentifier: "DECLINE_ACTION",
            userText: userText,
            notification: NotificationRequest(identifier: "r1", content: NotificationContent(
                title: "Weekly Staff Meeting", userInfo: ["MEETING_ID": "M-1", "USER_ID": "U-42"], categoryIdentifier: "MEETING_INVITATION")),
            date: Date(timeIntervalSince1970: 1_800_000_000), activationToken: "tok")
    }

    @Test func anActionResponseCarriesTheRequestAndItsUserInfo() throws {
        let response = ResponseMapping.response(try Self.model())
        #expect(type(of: response) == UNNotificationResponse.self)
        #expect(!(response is UNTextInputNotificationResponse))
        #expect(response.actionIdentifier == "DECLINE_ACTION")
        #expect(response.notification.request.identifier == "r1")
        #expect(response.notification.request.content.categoryIdentifier == "MEETING_INVITATION")
        #expect(response.notification.request.content.userInfo["USER_ID"] as? String == "U-42")
        #expect(response.notification.date == Date(timeIntervalSince1970: 1_800_000_000))
        #expect(response.activationToken == "tok")
    }

    @Test func typedTextMakesATextInputResponse() throws {
        let response = ResponseMapping.response(try Self.model(userText: "running late"))
        let text = try #require(response as? UNTextInputNotificationResponse)
        #expect(text.userText == "running late")
        #expect(text.copy() as? UNTextInputNotificationResponse === text, "an immutable object, as Apple's")
        #expect(text.actionIdentifier == "DECLINE_ACTION")
    }

    @Test func theDaemonsReservedIdentifiersReachTheAppAsApples() throws {
        var model = try Self.model()
        model.actionIdentifier = "default"
        #expect(ResponseMapping.response(model).actionIdentifier == "com.apple.UNNotificationDefaultActionIdentifier")
        model.actionIdentifier = "dismiss"
        #expect(ResponseMapping.response(model).actionIdentifier == "com.apple.UNNotificationDismissActionIdentifier")
        model.userText = "typed"
        model.actionIdentifier = "default"
        #expect(ResponseMapping.response(model).actionIdentifier == UNNotificationDefaultActionIdentifier)
    }
}
