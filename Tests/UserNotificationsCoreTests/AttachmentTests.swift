import Testing
@testable import UserNotificationsCore

@Suite struct AttachmentTests {
    @Test func theLocalPathIsReadFromFileURLs() {
        #expect(NotificationAttachment(url: "file:///home/me/a%20cat.png").path == "/home/me/a cat.png")
        #expect(NotificationAttachment(url: "file://localhost/tmp/x.png").path == "/tmp/x.png")
        #expect(NotificationAttachment(url: "FILE:///tmp/x.png").path == "/tmp/x.png")
    }

    @Test(arguments: ["", "/tmp/x.png", "http://example.org/x.png", "file://host/x.png", "file:///", "file:///x.png?size=2", "file:///x.png#top", "file:relative.png"])
    func otherURLsNameNoLocalFile(_ url: String) {
        #expect(NotificationAttachment(url: url).path == nil)
    }

    @Test func aPathBecomesAFileURL() {
        let attachment = NotificationAttachment(identifier: "cat", path: "/home/me/a cat.png")
        #expect(attachment.url == "file:///home/me/a%20cat.png")
        #expect(attachment.path == "/home/me/a cat.png")
    }

    @Test func imagesAreKnownByTheirExtensionInAnyCase() {
        #expect(NotificationAttachment(url: "file:///a/b.png").isImage)
        #expect(NotificationAttachment(url: "file:///a/b.JPEG").isImage)
        #expect(NotificationAttachment(url: "file:///a/b.svg").isImage)
        #expect(!NotificationAttachment(url: "file:///a/b.mp3").isImage)
        #expect(!NotificationAttachment(url: "file:///a/png").isImage)
        #expect(!NotificationAttachment(url: "file:///a.png/b").isImage)
        #expect(!NotificationAttachment(url: "https://x/b.png").isImage)
    }
}
