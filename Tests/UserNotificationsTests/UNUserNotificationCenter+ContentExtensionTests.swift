import UsernotedAPI
import DBus
import Testing
import TestSupport
@testable import UserNotifications

struct UNUserNotificationCenterContentExtensionTests {
    static func response(_ action: String, category: String) -> UNNotificationResponse {
        let content = UNMutableNotificationContent()
        content.categoryIdentifier = category
        let request = UNNotificationRequest(identifier: "milk", content: content, trigger: nil)
        return UNNotificationResponse(actionIdentifier: action, notification: UNNotification(request: request, date: Date()))
    }

    @Test func settingAnExtensionRegistersTheHandlerAsTheDelegateDoes() async throws {
        let fake = try await FakeCenter()
        let app = try await fake.bus.connect()
        let center = UNUserNotificationCenter(appID: "org.example.Reminders", connection: app)
        center.setContentExtension(RecordingExtension(answering: .doNotDismiss), forCategories: ["reminder"])
        #expect(try await fake.next("RegisterHandler") == [.objectPath("/io/github/usernoted/Handler")])
        let xml = try await fake.connection.call(
            destination: app.uniqueName, path: "/io/github/usernoted/Handler",
            interface: "org.freedesktop.DBus.Introspectable", method: "Introspect")
        #expect(xml.first?.as(String.self)?.contains("io.github.usernoted.Handler1") == true)
    }

    @Test func theExtensionTakesTheCustomActionsOfItsCategoriesOnly() async throws {
        let center = try await FakeCenter().center()
        let reminders = RecordingExtension(answering: .doNotDismiss)
        center.setContentExtension(reminders, forCategories: ["reminder", "reminder-done"])
        #expect(center.contentExtension(for: Self.response("complete-reminder", category: "reminder")) === reminders)
        #expect(center.contentExtension(for: Self.response("pending-reminder", category: "reminder-done")) === reminders)
        #expect(center.contentExtension(for: Self.response("ACCEPT_ACTION", category: "MEETING_INVITATION")) == nil)
        // A click on the body and a dismissal are the app's, as on Apple platforms.
        #expect(center.contentExtension(for: Self.response(UNNotificationDefaultActionIdentifier, category: "reminder")) == nil)
        #expect(center.contentExtension(for: Self.response(UNNotificationDismissActionIdentifier, category: "reminder")) == nil)
    }

    @Test func theCenterKeepsItsExtensionAndALaterOneReplacesItForItsCategories() async throws {
        let center = try await FakeCenter().center()
        var first: RecordingExtension? = RecordingExtension(answering: .dismiss)
        let id = ObjectIdentifier(first!)
        center.setContentExtension(first!, forCategories: ["reminder", "reminder-done"])
        first = nil  // held by the center, unlike the delegate
        let kept = try #require(center.contentExtension(for: Self.response("complete-reminder", category: "reminder")))
        #expect(ObjectIdentifier(kept) == id)

        let second = RecordingExtension(answering: .doNotDismiss)
        center.setContentExtension(second, forCategories: ["reminder"])
        #expect(center.contentExtension(for: Self.response("complete-reminder", category: "reminder")) === second)
        #expect(center.contentExtension(for: Self.response("pending-reminder", category: "reminder-done")).map(ObjectIdentifier.init) == id)
    }
}
