import Testing
import TestSupport
import UserNotifications

struct UNNotificationAttachmentTests {
    @Test func anExistingFileIsAnAttachmentWhateverTheOptions() throws {
        let file = TemporaryDirectory.root.appending(path: "attachment-\(UUID().uuidString).png")
        try Data([0x89, 0x50]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let options: [AnyHashable: Any] = [UNNotificationAttachmentOptionsTypeHintKey: "public.png",
                                           UNNotificationAttachmentOptionsThumbnailHiddenKey: true]
        let attachment = try UNNotificationAttachment(identifier: "img", url: file, options: options)
        #expect(attachment.url == file)
        #expect(attachment == (try UNNotificationAttachment(identifier: "img", url: file, options: nil)))
    }

    @Test func aMissingFileIsRefusedByName() {
        #expect { _ = try UNNotificationAttachment(identifier: "x", url: URL(filePath: "/nonexistent/x.png")) } throws: { error in
            if case UNError.attachmentInvalidURL = error { return true }
            return false
        }
    }
}
