import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// Buttons sent as icons, where the server has `action-icons`.
extension BridgeTests {
    @Test func aButtonSentAsItsIconIsReportedAsItsAction() async throws {
        let h = try await BridgeHarness(capabilities: ["actions", "body", "action-icons"])
        let category = NotificationCategory(identifier: "MAIL", actions: [
            NotificationAction(identifier: "DELETE", title: "Delete", options: .destructive, icon: "edit-delete"),
            NotificationAction(identifier: "REPLY", title: "Reply", icon: "mail-reply-sender"),
        ])
        let request = Self.request()
        let shown = try await h.show(request, category)
        #expect(shown.actionKeys == ["default", "mail-reply-sender", "edit-delete"])
        try await h.server.emitActionInvoked(id: shown.id, key: "edit-delete")
        #expect(try await h.nextInteraction() == Self.interaction(request, "DELETE", in: category))
    }
}
