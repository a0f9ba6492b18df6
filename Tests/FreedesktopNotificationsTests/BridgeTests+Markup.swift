import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// The app's text and the server's markup.
extension BridgeTests {
    @Test func anAppsMarkupReachesAMarkupServerEscapedInEveryTextThatBecomesTheBody() async throws {
        let harness = try await BridgeHarness(capabilities: ["actions", "body", "body-markup"])
        let link = #"<a href="https://evil.example/">click</a>"#
        let request = NotificationRequest(identifier: "m", content: NotificationContent(
            title: "R&D <b>\(link)</b>", subtitle: "<b>Re:</b> A&B", body: "\(link) & <img src=\"file:///etc/passwd\"/> &amp;"))
        let shown = try await harness.show(request)
        #expect(shown.body == "&lt;b&gt;Re:&lt;/b&gt; A&amp;B\n&lt;a href=\"https://evil.example/\"&gt;click&lt;/a&gt; &amp; &lt;img src=\"file:///etc/passwd\"/&gt; &amp;amp;")
        // The summary is plain text in the spec (dunst escapes it itself); escaping it here would show "&amp;".
        #expect(shown.summary == "R&D <b>\(link)</b>")
        // A category's placeholder is the body while previews are hidden: the app wrote it too.
        await harness.bridge.setPreviewsHidden(true)
        let category = NotificationCategory(identifier: "C", hiddenPreviewsBodyPlaceholder: "<b>\(link)</b> & co")
        let hidden = NotificationRequest(identifier: "h", content: NotificationContent(title: "t", body: "secret", categoryIdentifier: "C"))
        _ = await harness.bridge.show(appID: BridgeHarness.app, request: hidden, category: category)
        var placeholder = try await harness.server.notifyCalls.next(within: .seconds(10), "Notify while hidden")
        while placeholder.hints["x-usernoted-request"] != .string("h") {  // "m" is shown again, hidden, first
            placeholder = try await harness.server.notifyCalls.next(within: .seconds(10), "Notify while hidden")
        }
        #expect(placeholder.body == "&lt;b&gt;&lt;a href=\"https://evil.example/\"&gt;click&lt;/a&gt;&lt;/b&gt; &amp; co")
    }

    @Test func aServerWithoutMarkupGetsTheTextAsWritten() async throws {
        let harness = try await BridgeHarness(capabilities: ["actions", "body"])
        let shown = try await harness.show(NotificationRequest(identifier: "p", content: NotificationContent(title: "A&B", body: "<b>x</b> & y")))
        #expect(shown.body == "<b>x</b> & y")
        #expect(shown.summary == "A&B")
    }
}
