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
        category: NotificationCategory? = nil, capabilities: ServerCapabilities = plain, profile: ServerProfile = .unknown,
        replacesID: UInt32 = 0
    ) -> NotifyCall {
        NotifyMapping.call(
            appID: app, request: request(content), category: category, capabilities: capabilities, profile: profile,
            replacesID: replacesID)
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

    // MARK: Minimal actions and suggestions, by server profile

    /// Four buttons, two of them named for places with little room (one destructive, named first).
    static let crowded = NotificationCategory(identifier: "MAIL", actions: [
        NotificationAction(identifier: "ARCHIVE", title: "Archive"),
        NotificationAction(identifier: "DELETE", title: "Delete", options: .destructive),
        NotificationAction(identifier: "FLAG", title: "Flag"),
        NotificationAction(identifier: "REPLY_ALL", title: "Reply all"),
    ], minimalActions: ["DELETE", "ARCHIVE"])
    static let reply = NotificationAction.textInput(
        identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "Message…",
        suggestions: ["On my way", "Running late", "Call me"])
    static let chat = NotificationCategory(identifier: "CHAT", actions: [reply])
    static func profile(_ label: String) -> ServerProfile { ServerProfile.table.first { $0.label == label }! }

    @Test func aServerThatShowsFewerButtonsThanTheCategoryHasGetsItsMinimalActionsInButtonOrder() {
        for label in ["GNOME Shell 43", "notification-daemon 3.20"] {
            #expect(Self.keys(Self.call(category: Self.crowded, profile: Self.profile(label))) == ["default", "ARCHIVE", "DELETE"])
        }
        #expect(Self.keys(Self.call(category: Self.crowded, profile: .unknown)) == ["default", "ARCHIVE", "DELETE"])
    }

    @Test(arguments: ["dunst 1.9", "xfce4-notifyd 0.7.3", "Plasma 5.27", "mako 1.7 (sway)", "lxqt-notificationd 1.2"])
    func aServerWithRoomForEveryButtonGetsTheFullSet(_ label: String) {
        #expect(Self.keys(Self.call(category: Self.crowded, profile: Self.profile(label))) ==
            ["default", "ARCHIVE", "FLAG", "REPLY_ALL", "DELETE"])
    }

    @Test func withoutMinimalActionsAServerWithFewButtonsGetsTheFullSetAndDropsWhatItMust() {
        var category = Self.crowded
        category.minimalActions = []
        #expect(Self.call(category: category, profile: Self.profile("GNOME Shell 43")).actions.count == 10)
    }

    @Test func aCategoryThatFitsIsSentWholeEvenWithMinimalActions() {
        var profile = ServerProfile.unknown
        profile.buttons = 4
        #expect(Self.keys(Self.call(category: Self.crowded, profile: profile)).count == 5)
        profile.defaultAsButton = true  // "Open" takes one of the 4
        #expect(Self.keys(Self.call(category: Self.crowded, profile: profile)) == ["default", "ARCHIVE", "DELETE"])
    }

    @Test func suggestionsFollowTheirTextInputActionAsButtonsAnsweringWithTheirText() {
        let call = Self.call(category: Self.chat, profile: Self.profile("xfce4-notifyd 0.7.3"))
        #expect(call.actions == [
            "default", "Open", "REPLY", "Reply", "x-usernoted-suggestion-0", "On my way",
            "x-usernoted-suggestion-1", "Running late", "x-usernoted-suggestion-2", "Call me",
        ])
        let picked = NotifyMapping.suggestion(forKey: "x-usernoted-suggestion-1", in: Self.chat)
        #expect(picked?.action.identifier == "REPLY")
        #expect(picked?.text == "Running late")
        #expect(NotifyMapping.suggestion(forKey: "x-usernoted-suggestion-3", in: Self.chat) == nil)
        #expect(NotifyMapping.suggestion(forKey: "REPLY", in: Self.chat) == nil)
    }

    @Test func withInlineReplyTheSuggestionsAreOfferedBesideIt() {
        let call = Self.call(
            category: Self.chat, capabilities: ServerCapabilities(["actions", "inline-reply"]), profile: Self.profile("Plasma 5.27"))
        #expect(Self.keys(call) == [
            "default", "inline-reply", "x-usernoted-suggestion-0", "x-usernoted-suggestion-1", "x-usernoted-suggestion-2",
        ])
    }

    @Test func suggestionsFillOnlyTheButtonsLeftOnAServerWithFew() {
        let category = NotificationCategory(identifier: "CHAT", actions: [NotificationAction(identifier: "LIKE", title: "Like"), Self.reply])
        #expect(Self.keys(Self.call(category: category, profile: Self.profile("GNOME Shell 43"))) ==
            ["default", "LIKE", "REPLY", "x-usernoted-suggestion-0"])
    }

    @Test func suggestionsKeepButtonsAsLabelsWhereIconsWouldHideThem() {
        let iconic = NotificationCategory(identifier: "CHAT", actions: [
            .textInput(identifier: "REPLY", title: "Reply", textInputButtonTitle: "", textInputPlaceholder: "",
                       suggestions: ["OK"], icon: "mail-reply-sender"),
        ])
        let call = Self.call(category: iconic, capabilities: ServerCapabilities(["actions", "action-icons"]), profile: Self.profile("xfce4-notifyd 0.7.3"))
        #expect(call.hints["action-icons"] == nil)
        #expect(Self.keys(call) == ["default", "REPLY", "x-usernoted-suggestion-0"])
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

    @Test(arguments: [
        (InterruptionLevel.passive, UInt8(0)), (.active, 0), (.timeSensitive, 0), (.critical, 2),
    ])
    func shownAgainWhereLowUrgencyIsQuietItIsLowUnlessCritical(_ level: InterruptionLevel, _ urgency: UInt8) {
        let gnome = Self.profile("GNOME Shell 43")
        let again = NotifyMapping.call(
            appID: Self.app, request: Self.request(NotificationContent(title: "T", interruptionLevel: level)), category: nil,
            capabilities: Self.plain, profile: gnome, again: true)
        #expect(again.hints["urgency"] == .byte(urgency))
        #expect(Self.call(NotificationContent(title: "T", interruptionLevel: level), profile: gnome).hints["urgency"]
            == .byte(level.freedesktopUrgency), "the first show has its level's urgency")
    }

    @Test(arguments: ["dunst 1.9", "mako 1.7 (sway)", "Plasma 5.27", "any other"])
    func shownAgainElsewhereItKeepsItsUrgency(_ label: String) {
        let profile = ServerProfile.table.first { $0.label == label } ?? .unknown
        #expect(NotifyMapping.urgency(of: .active, again: true, profile: profile) == 1)
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
