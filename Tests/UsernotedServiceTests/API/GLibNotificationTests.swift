import DBus
import Foundation
import Testing
import UserNotificationsCore
import UsernotedAPI
@testable import UsernotedService

/// What a GLib notification becomes, and which GLib action each answer to it activates.
@Suite struct GLibNotificationTests {
    static let chat = AppID.test("org.example.Chat")

    /// A button `a{sv}` as GLib sends it.
    static func button(_ label: String, _ action: String, target: Value? = nil) -> Value {
        var entries = [DictionaryEntry(.string("label"), .variant(.string(label))), DictionaryEntry(.string("action"), .variant(.string(action)))]
        if let target { entries.append(DictionaryEntry(.string("target"), .variant(target))) }
        return .dictionary(key: .string, value: .variant, entries)
    }

    /// What GLib 2.74 sent for `send_notification("msg-1", n)` with a Reply button and a default action (issue 23).
    static let issueExample: [String: Value] = [
        "title": .string("Anna"), "body": .string("Are you coming?"), "priority": .string("normal"),
        "default-action": .string("app.open"),
        "buttons": .array(.dictionary(key: .string, value: .variant), [button("Reply", "app.reply", target: .string("anna"))]),
    ]

    static func response(to request: NotificationRequest, action: String) -> NotificationResponse {
        NotificationResponse(appId: chat, requestId: request.identifier, actionIdentifier: action, notification: request, date: Date())
    }

    @Test func theIssuesNotificationIsARequestWithAReplyButton() throws {
        let (request, category) = try GLibNotification.request(id: "msg-1", of: Self.chat, from: Self.issueExample)
        #expect(request.identifier == "msg-1" && request.trigger == nil)
        #expect(request.content.title == "Anna" && request.content.body == "Are you coming?")
        #expect(request.content.interruptionLevel == .active)
        let buttons = try #require(category).actions
        #expect(buttons.map(\.title) == ["Reply"] && buttons.map(\.identifier) == ["app.reply"])
        #expect(request.content.categoryIdentifier == category?.identifier)
        #expect(GLibNotification.activation(for: Self.response(to: request, action: "app.reply")) == .action(name: "reply", target: .string("anna")))
        #expect(GLibNotification.activation(for: Self.response(to: request, action: "default")) == .action(name: "open", target: nil))
    }

    @Test func aBodyClickWithoutADefaultActionActivatesTheApp() throws {
        let (request, category) = try GLibNotification.request(id: "n", of: Self.chat, from: ["title": .string("Hi")])
        #expect(category == nil && request.content.categoryIdentifier.isEmpty)
        #expect(GLibNotification.activation(for: Self.response(to: request, action: "default")) == .activate)
    }

    @Test func theDefaultActionKeepsItsTarget() throws {
        let target = Value.structure([.string("room"), .int64(7)])
        let (request, _) = try GLibNotification.request(id: "n", of: Self.chat, from: [
            "title": .string("Hi"), "default-action": .string("app.show-room"), "default-action-target": target])
        // Through the store's JSON, as after a restart.
        let stored = try ModelJSON.decodeRequest(ModelJSON.encode(request))
        #expect(GLibNotification.activation(for: Self.response(to: stored, action: "default")) == .action(name: "show-room", target: target))
    }

    @Test func aSecondButtonOfTheSameActionGetsItsOwnIdentifierAndTarget() throws {
        let (request, category) = try GLibNotification.request(id: "n", of: Self.chat, from: [
            "title": .string("Poll"),
            "buttons": .array(.dictionary(key: .string, value: .variant), [
                Self.button("Yes", "app.vote", target: .string("yes")), Self.button("No", "app.vote", target: .string("no")),
                Self.button("Mute", "app.mute")]),
        ])
        #expect(category?.actions.map(\.identifier) == ["app.vote", "app.vote#2", "app.mute"])
        #expect(GLibNotification.activation(for: Self.response(to: request, action: "app.vote#2")) == .action(name: "vote", target: .string("no")))
        #expect(GLibNotification.activation(for: Self.response(to: request, action: "app.mute")) == .action(name: "mute", target: nil))
    }

    @Test func theSameButtonsMakeTheSameCategoryInEveryRunAndOtherButtonsAnother() throws {
        let (_, first) = try GLibNotification.request(id: "a", of: Self.chat, from: Self.issueExample)
        let (_, second) = try GLibNotification.request(id: "b", of: Self.chat, from: Self.issueExample)
        var renamed = Self.issueExample
        renamed["buttons"] = .array(.dictionary(key: .string, value: .variant), [Self.button("Answer", "app.reply", target: .string("anna"))])
        let (_, other) = try GLibNotification.request(id: "c", of: Self.chat, from: renamed)
        #expect(first?.identifier == second?.identifier)
        #expect(first?.identifier != other?.identifier)
        #expect(first?.identifier.hasPrefix("gtk-") == true && first?.identifier.count == 20)
    }

    @Test(arguments: [("low", InterruptionLevel.passive), ("normal", .active), ("high", .timeSensitive), ("urgent", .critical), ("loud", .active)])
    func priorityBecomesTheInterruptionLevel(_ priority: String, _ level: InterruptionLevel) throws {
        let (request, _) = try GLibNotification.request(id: "n", of: Self.chat, from: ["title": .string("T"), "priority": .string(priority)])
        #expect(request.content.interruptionLevel == level)
    }

    @Test func theOldUrgentFlagIsCritical() throws {
        let (request, _) = try GLibNotification.request(id: "n", of: Self.chat, from: ["title": .string("T"), "urgent": .boolean(true)])
        #expect(request.content.interruptionLevel == .critical)
    }

    @Test func aMarkupBodyIsShownAsItsText() throws {
        let (request, _) = try GLibNotification.request(id: "n", of: Self.chat, from: [
            "title": .string("T"), "markup-body": .string("<b>Lunch</b> &amp; <i>coffee</i> &lt;3")])
        #expect(request.content.body == "Lunch & coffee <3")
    }

    @Test func keysOutsideTheModelAreIgnored() throws {
        let (request, _) = try GLibNotification.request(id: "n", of: Self.chat, from: [
            "title": .string("T"), "icon": .structure([.string("themed"), .variant(.array(.string, [.string("mail-unread")]))]),
            "category": .string("im.received"), "x-future-key": .uint32(1)])
        #expect(request.content.title == "T")
    }

    @Test func anActionOutsideTheAppNamespaceIsTheSignalGNOMEShellEmits() throws {
        let (request, _) = try GLibNotification.request(id: "n", of: Self.chat, from: [
            "title": .string("T"), "buttons": .array(.dictionary(key: .string, value: .variant), [Self.button("Close", "win.close", target: .uint32(3))])])
        #expect(GLibNotification.activation(for: Self.response(to: request, action: "win.close")) == .gtkSignal(action: "win.close", target: .uint32(3)))
        #expect(GLibNotification.activation(for: Self.response(to: request, action: "app.gone")) == .unsupported(action: "app.gone"))
    }

    @Test func aRequestOfAnotherAPIIsNotAGLibOne() {
        let request = NotificationRequest(identifier: "r", content: NotificationContent(title: "T"))
        #expect(GLibNotification.activation(for: Self.response(to: request, action: "default")) == nil)
    }

    @Test(arguments: [
        ("", ["title": Value.string("T")], "id: is empty"),
        ("n", [:], "notification.title: missing"),
        ("n", ["title": .int32(1)], "notification.title: is 'i'; GLib sends a string"),
        ("n", ["title": .string("T"), "buttons": .array(.string, [.string("Reply")])], "notification.buttons: is 'as'; GLib sends 'aa{sv}'"),
        ("n", ["title": .string("T"), "buttons": .array(.dictionary(key: .string, value: .variant), [
            .dictionary(key: .string, value: .variant, [DictionaryEntry(.string("label"), .variant(.string("Reply")))])])],
         "notification.buttons[0]: needs a 'label' and an 'action'"),
        ("n", ["title": .string("T"), "default-action": .string("app.open"), "default-action-target": .unixFD(UnixFD(0))],
         "default-action-target: holds a file descriptor"),
    ] as [(String, [String: Value], String)])
    func malformedInputIsAnInvalidRequestSayingWhatToFix(_ id: String, _ notification: [String: Value], _ message: String) {
        #expect { try GLibNotification.request(id: id, of: Self.chat, from: notification) } throws: { error in
            guard let error = error as? CenterError else { return false }
            return error.name == .invalidRequest && error.message.contains(message)
        }
    }
}
