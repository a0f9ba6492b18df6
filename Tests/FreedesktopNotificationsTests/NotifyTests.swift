#if canImport(Glibc)
import Glibc
#endif
import DBus
import Foundation
import Testing
import UserNotificationsCore
@testable import FreedesktopNotifications

@Suite struct NotifyTests {
    static let app = try! AppID(validating: "org.example.Calendar")
    static let plain = ServerCapabilities(["actions", "body"])

    static func request(_ content: NotificationContent, id: String = "meeting-42") -> NotificationRequest {
        NotificationRequest(identifier: id, content: content)
    }

    static func call(
        _ content: NotificationContent = NotificationContent(title: "Standup", body: "in 5 minutes"),
        category: NotificationCategory? = nil, capabilities: ServerCapabilities = plain, replacesID: UInt32 = 0
    ) -> NotifyCall {
        NotifyMapping.call(
            appID: app, request: request(content), category: category, capabilities: capabilities, replacesID: replacesID)
    }

    static func keys(_ call: NotifyCall) -> [String] {
        stride(from: 0, to: call.actions.count, by: 2).map { call.actions[$0] }
    }

    // MARK: Actions

    @Test func theBodyClickComesFirstThenTheCategoryActionsWithDestructiveOnesLast() {
        let category = NotificationCategory(identifier: "INVITE", actions: [
            NotificationAction(identifier: "DELETE", title: "Delete", options: .destructive),
            NotificationAction(identifier: "ACCEPT", title: "Accept"),
            NotificationAction(identifier: "DECLINE", title: "Decline", options: [.destructive, .foreground]),
            NotificationAction(identifier: "TENTATIVE", title: "Maybe", options: .foreground),
        ])
        #expect(Self.call(category: category).actions == [
            "default", "Open", "ACCEPT", "Accept", "TENTATIVE", "Maybe", "DELETE", "Delete", "DECLINE", "Decline",
        ])
    }

    @Test func withoutACategoryOnlyTheBodyClickIsOffered() {
        #expect(Self.call().actions == ["default", "Open"])
        #expect(Self.call(category: NotificationCategory(identifier: "EMPTY")).actions == ["default", "Open"])
    }

    @Test func aReplyActionBecomesKDEInlineReplyWhereTheServerHasIt() {
        let category = NotificationCategory(identifier: "MESSAGE", actions: [
            NotificationAction(identifier: "LIKE", title: "Like"),
            .textInput(identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message…"),
        ])
        let call = Self.call(category: category, capabilities: ServerCapabilities(["actions", "inline-reply"]))
        #expect(call.actions == ["default", "Open", "LIKE", "Like", "inline-reply", "Reply"])
        #expect(call.hints["x-kde-reply-placeholder-text"] == .string("Message…"))
        #expect(call.hints["x-kde-reply-submit-button-text"] == .string("Send"))
    }

    @Test func aReplyActionIsAPlainButtonWhereTheServerHasNoInlineReply() {
        let category = NotificationCategory(identifier: "MESSAGE", actions: [
            .textInput(identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message…"),
        ])
        let call = Self.call(category: category)
        #expect(call.actions == ["default", "Open", "REPLY", "Reply"])
        #expect(call.hints["x-kde-reply-placeholder-text"] == nil)
        #expect(call.hints["x-kde-reply-submit-button-text"] == nil)
    }

    @Test func buttonsAreSentAsTheirIconsWhereTheServerHasActionIconsAndEveryButtonHasOne() {
        let icons = ServerCapabilities(["actions", "action-icons"])
        let withIcons = NotificationCategory(identifier: "MAIL", actions: [
            NotificationAction(identifier: "REPLY", title: "Reply", icon: "mail-reply-sender"),
            NotificationAction(identifier: "DELETE", title: "Delete", options: .destructive, icon: "edit-delete"),
        ])
        let call = Self.call(category: withIcons, capabilities: icons)
        #expect(call.actions == ["default", "Open", "mail-reply-sender", "Reply", "edit-delete", "Delete"])
        #expect(call.hints["action-icons"] == .boolean(true))
        // Without the capability, labels alone.
        #expect(Self.call(category: withIcons).actions == ["default", "Open", "REPLY", "Reply", "DELETE", "Delete"])
        #expect(Self.call(category: withIcons).hints["action-icons"] == nil)
        // A button without an icon (or two with the same one) would be unreadable as icons: labels alone.
        let mixed = NotificationCategory(identifier: "MIXED", actions: [
            NotificationAction(identifier: "REPLY", title: "Reply", icon: "mail-reply-sender"),
            NotificationAction(identifier: "LATER", title: "Later"),
        ])
        #expect(Self.call(category: mixed, capabilities: icons).actions == ["default", "Open", "REPLY", "Reply", "LATER", "Later"])
        #expect(Self.call(category: mixed, capabilities: icons).hints["action-icons"] == nil)
        let same = NotificationCategory(identifier: "SAME", actions: [
            NotificationAction(identifier: "A", title: "A", icon: "edit-delete"),
            NotificationAction(identifier: "B", title: "B", icon: "edit-delete"),
        ])
        #expect(NotifyMapping.iconKeys(of: same, capabilities: icons) == nil)
        #expect(NotifyMapping.action(forKey: "edit-delete", in: withIcons, capabilities: icons)?.identifier == "DELETE")
        #expect(NotifyMapping.action(forKey: "DELETE", in: withIcons, capabilities: ServerCapabilities(["actions"]))?.identifier == "DELETE")
    }

    @Test func emptyReplyPlaceholderAndButtonTitleAreLeftToTheServer() {
        let category = NotificationCategory(identifier: "MESSAGE", actions: [
            .textInput(identifier: "REPLY", title: "Reply", textInputButtonTitle: "", textInputPlaceholder: ""),
        ])
        let call = Self.call(category: category, capabilities: ServerCapabilities(["actions", "inline-reply"]))
        #expect(Self.keys(call) == ["default", "inline-reply"])
        #expect(call.hints["x-kde-reply-placeholder-text"] == nil)
        #expect(call.hints["x-kde-reply-submit-button-text"] == nil)
    }

    // MARK: Hints

    @Test func hintsNameTheAppAndTheRequest() {
        let call = Self.call()
        #expect(call.hints["desktop-entry"] == .string("org.example.Calendar"))
        #expect(call.hints["x-usernoted-request"] == .string("meeting-42"))
    }

    @Test(arguments: [
        (InterruptionLevel.passive, UInt8(0)), (.active, 1), (.timeSensitive, 1), (.critical, 2),
    ])
    func urgencyFollowsTheInterruptionLevel(_ level: InterruptionLevel, _ urgency: UInt8) {
        let call = Self.call(NotificationContent(title: "T", interruptionLevel: level))
        #expect(call.hints["urgency"] == .byte(urgency))
    }

    @Test func noSoundAsksTheServerForSilence() {
        let call = Self.call(NotificationContent(title: "T", sound: nil))
        #expect(call.hints["suppress-sound"] == .boolean(true))
        #expect(call.hints["sound-name"] == nil)
    }

    @Test func theDefaultSoundIsTheThemesMessageSound() {
        let call = Self.call(NotificationContent(title: "T", sound: NotificationContent.defaultSound))
        #expect(call.hints["sound-name"] == .string("message-new-instant"))
        #expect(call.hints["suppress-sound"] == nil)
    }

    @Test func aNamedSoundIsPassedByName() {
        let call = Self.call(NotificationContent(title: "T", sound: "alarm-clock-elapsed"))
        #expect(call.hints["sound-name"] == .string("alarm-clock-elapsed"))
        #expect(call.hints["suppress-sound"] == nil)
    }

    // MARK: Attachments

    @Test func theFirstImageAttachmentIsTheImagePath() throws {
        let scratch = try ScratchDirectory()
        let cat = try scratch.file("cat.png")
        let content = NotificationContent(title: "T", attachments: [
            NotificationAttachment(identifier: "cat", path: cat), NotificationAttachment(path: try scratch.file("dog.png")),
        ])
        let real = try #require(AttachmentFile.realPath(cat))
        #expect(Self.call(content).hints["image-path"] == .string("file://" + real))
    }

    @Test func noAttachmentOrAFileThatWentAwayGivesNoImage() throws {
        #expect(Self.call(NotificationContent(title: "T")).hints["image-path"] == nil)
        let scratch = try ScratchDirectory()
        let cat = try scratch.file("cat.png")
        let content = NotificationContent(title: "T", attachments: [NotificationAttachment(path: cat)])
        try FileManager.default.removeItem(atPath: cat)
        #expect(Self.call(content).hints["image-path"] == nil)
    }

    @Test func aFileReplacedByAFIFOIsNotGivenToTheServer() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.url.appending(path: "cat.png").path
        #expect(mkfifo(path, 0o600) == 0)
        let content = NotificationContent(title: "T", attachments: [NotificationAttachment(path: path)])
        #expect(Self.call(content).hints["image-path"] == nil)
    }

    // MARK: Text

    @Test func titleIsTheSummaryAndTheSubtitleLeadsTheBody() {
        #expect(Self.call(NotificationContent(title: "Standup", subtitle: "Room 4", body: "in 5 minutes")).summary == "Standup")
        #expect(Self.call(NotificationContent(title: "S", subtitle: "Room 4", body: "in 5 minutes")).body == "Room 4\nin 5 minutes")
        #expect(Self.call(NotificationContent(title: "S", subtitle: "Room 4")).body == "Room 4")
        #expect(Self.call(NotificationContent(title: "S", body: "in 5 minutes")).body == "in 5 minutes")
    }

    @Test func bodyMarkupIsEscapedOnlyWhenTheServerReadsMarkup() {
        let content = NotificationContent(title: "<b>R&D</b>", subtitle: "a<b", body: "Tom & Jerry <i>live</i> > 3")
        let markup = Self.call(content, capabilities: ServerCapabilities(["actions", "body", "body-markup"]))
        #expect(markup.body == "a&lt;b\nTom &amp; Jerry &lt;i&gt;live&lt;/i&gt; &gt; 3")
        #expect(markup.summary == "<b>R&D</b>", "the summary is plain text in the spec")
        let plain = Self.call(content)
        #expect(plain.body == "a<b\nTom & Jerry <i>live</i> > 3")
    }

    @Test func escapingIsForPlainTextSoEntitiesAreEscapedToo() {
        #expect(NotifyMapping.escapeMarkup("&amp; 'quoted' \"x\" é ✓") == "&amp;amp; 'quoted' \"x\" é ✓")
        #expect(NotifyMapping.escapeMarkup("") == "")
    }

    // MARK: The call

    @Test func theServerDecidesExpiryAndReplacementIsPassedThrough() {
        let call = Self.call(replacesID: 17)
        #expect(call.replacesID == 17)
        #expect(call.expireTimeout == -1)
        #expect(call.appName == "org.example.Calendar")
        #expect(call.appIcon == "")
        #expect(Self.call().replacesID == 0)
    }

    @Test func argumentsHaveTheSpecSignatureWithHintsInVariants() throws {
        let call = Self.call(NotificationContent(title: "Standup", body: "soon", sound: "bell", interruptionLevel: .critical))
        let arguments = call.arguments
        #expect(Signature(arguments.map(\.type)).description == "susssasa{sv}i")
        #expect(arguments[0] == .string("org.example.Calendar"))
        #expect(arguments[3] == .string("Standup"))
        #expect(arguments[4] == .string("soon"))
        #expect(arguments[5].as([String].self) == ["default", "Open"])
        let hints = try #require(arguments[6].as([String: Value].self))
        #expect(hints == call.hints)
        #expect(hints["urgency"] == .byte(2))
        #expect(arguments[7] == .int32(-1))
    }
}
