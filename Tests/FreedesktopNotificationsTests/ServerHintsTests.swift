import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// What a request's ``ServerHints`` (a portal notification's display hints, markup body and
/// icon) make of its `Notify` call.
@Suite struct ServerHintsTests {
    static let markupServer = ServerCapabilities(["actions", "body", "body-markup"])

    static func call(_ hints: ServerHints, capabilities: ServerCapabilities = markupServer, attachments: [NotificationAttachment] = []) -> NotifyCall {
        let content = NotificationContent(title: "Anna", subtitle: "Team <chat>", body: "Look: a link & more", attachments: attachments)
        return NotifyMapping.call(
            appID: NotifyTests.app, request: NotifyTests.request(content).carrying(hints), category: nil, capabilities: capabilities)
    }

    @Test func theHintsSurviveUserInfo() {
        let hints = ServerHints(transient: true, persistent: true, markupBody: "<b>x</b>", image: "avatar-default")
        #expect(ServerHints(of: NotifyTests.request(NotificationContent()).carrying(hints)) == hints)
        #expect(ServerHints().userInfoValue == nil, "no hints, no key")
    }

    @Test func aMarkupBodyGoesToAServerThatReadsMarkupAndThePlainBodyElsewhere() {
        let markup = #"Look: <a href="https://example.org/x">a link</a> &amp; <b>more</b>"#
        #expect(Self.call(ServerHints(markupBody: markup)).body == "Team &lt;chat&gt;\n" + markup, "the subtitle still escaped")
        #expect(Self.call(ServerHints(markupBody: markup), capabilities: NotifyTests.plain).body == "Team <chat>\nLook: a link & more")
        #expect(Self.call(ServerHints()).body == "Team &lt;chat&gt;\nLook: a link &amp; more", "without one, the body escaped")
    }

    @Test func transientAndPersistentBecomeTheSpecsHintsAndTimeout() {
        let transient = Self.call(ServerHints(transient: true))
        #expect(transient.hints["transient"] == .boolean(true) && transient.hints["resident"] == nil && transient.expireTimeout == -1)
        let persistent = Self.call(ServerHints(persistent: true))
        #expect(persistent.hints["resident"] == .boolean(true) && persistent.hints["transient"] == nil)
        #expect(persistent.expireTimeout == 0, "never expires")
        let plain = Self.call(ServerHints())
        #expect(plain.hints["transient"] == nil && plain.hints["resident"] == nil && plain.expireTimeout == -1)
    }

    @Test func theIconIsTheImageUnlessAnAttachmentIsOrItsFileIsGone() throws {
        #expect(Self.call(ServerHints(image: "avatar-default")).hints["image-path"] == .string("avatar-default"))
        let directory = TemporaryDirectory.root.appending(path: "server-hints-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (icon, photo) = (directory.appending(path: "icon.png"), directory.appending(path: "photo.png"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: icon)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: photo)
        #expect(Self.call(ServerHints(image: icon.absoluteString)).hints["image-path"] == .string(icon.absoluteString))
        let attached = Self.call(ServerHints(image: icon.absoluteString), attachments: [NotificationAttachment(identifier: "p", url: photo.absoluteString)])
        #expect(attached.hints["image-path"] == .string(photo.absoluteString), "the attachment first")
        try FileManager.default.removeItem(at: icon)
        #expect(Self.call(ServerHints(image: icon.absoluteString)).hints["image-path"] == nil, "a removed icon file is not sent")
    }

    @Test func hiddenPreviewsHideTheMarkupTheIconAndTheAttachmentsButKeepTheRest() throws {
        let hints = ServerHints(transient: true, markupBody: "<b>secret</b>", image: "avatar-anna")
        let content = NotificationContent(
            title: "Anna", body: "secret", attachments: [NotificationAttachment(identifier: "p", url: "file:///tmp/photo.png")])
        let hidden = NotifyTests.request(content).carrying(hints).hidingPreview(category: nil)
        #expect(ServerHints(of: hidden) == ServerHints(transient: true))
        #expect(hidden.content.attachments.isEmpty)
        let call = NotifyMapping.call(appID: NotifyTests.app, request: hidden, category: nil, capabilities: Self.markupServer)
        #expect(call.body == "Notification" && call.hints["image-path"] == nil)
    }
}
