import Testing
import TestSupport
import UserNotifications

struct UNNotificationServiceExtensionTests {
    /// An extension that appends to the body, as extensions decrypt or enrich a push.
    final class Enriching: UNNotificationServiceExtension {
        override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
            let content = request.content.mutableCopy() as! UNMutableNotificationContent
            content.body += " (enriched)"
            contentHandler(content)
        }
    }

    @Test func extensionCodeCompilesAndTheDefaultDeliversTheContentUnchanged() {
        let content = UNMutableNotificationContent()
        content.body = "Lunch?"
        let request = UNNotificationRequest(identifier: "p", content: content, trigger: nil)
        let bodies = Inbox<String>()
        UNNotificationServiceExtension().didReceive(request) { bodies.put($0.body) }
        Enriching().didReceive(request) { bodies.put($0.body) }
        #expect(bodies.pending == ["Lunch?", "Lunch? (enriched)"])
    }
}
