import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
import UsernotedAPI
@testable import UsernotedService

/// What a portal notification (version 2) becomes, and what each answer to it calls.
@Suite struct PortalMappingTests {
    static let chat = AppID.test("org.example.Chat")

    /// A button `a{sv}` as the portal frontend passes it on.
    static func button(_ label: String?, _ action: String, target: Value? = nil, purpose: String? = nil) -> [String: Value] {
        var button: [String: Value] = ["action": .string(action)]
        if let label { button["label"] = .string(label) }
        if let target { button["target"] = target }
        if let purpose { button["purpose"] = .string(purpose) }
        return button
    }

    /// An incoming call, as a VoIP app sends it: two purposed buttons and a custom alert.
    static let call: [String: Value] = [
        "title": .string("Anna calling"), "category": .string("call.incoming"),
        "buttons": [
            button(nil, "app.accept", target: .string("call-7"), purpose: "call.accept"),
            button("Not now", "decline", purpose: "call.decline"),
            button(nil, "ring", purpose: "system.custom-alert"),
        ].dbusValue,
    ]

    /// A chat message with an inline reply.
    static let message: [String: Value] = [
        "title": .string("Anna"), "markup-body": .string("Are you <b>coming</b>?"), "category": .string("im.received"),
        "buttons": [button("Reply", "reply", target: .string("anna"), purpose: "im.reply-with-text")].dbusValue,
    ]

    static func response(to request: NotificationRequest, action: String, text: String? = nil) -> NotificationResponse {
        NotificationResponse(appId: chat, requestId: request.identifier, actionIdentifier: action, userText: text, notification: request, date: Date())
    }

    @Test func anIncomingCallIsTimeSensitiveWithItsPurposesButtonsAndNoCustomAlertButton() throws {
        let mapped = try PortalMapping.request(id: "call-7", portalApp: Self.chat.rawValue, of: Self.chat, from: Self.call)
        let (request, category, showAsNew) = (mapped.request, mapped.category, mapped.showAsNew)
        #expect(request.content.interruptionLevel == .timeSensitive && !showAsNew)
        let actions = try #require(category).actions
        #expect(actions.map(\.title) == ["Accept", "Not now"], "the app's label is kept; a purpose gives one where there is none")
        #expect(actions.map(\.options) == [.foreground, .destructive])
        #expect(request.content.categoryIdentifier == category?.identifier)
    }

    @Test func aReplyButtonIsATextInputActionAndItsAnswerIsThePortalsSignalWithTheText() throws {
        let mapped = try PortalMapping.request(id: "msg-1", portalApp: Self.chat.rawValue, of: Self.chat, from: Self.message)
        let (request, category) = (mapped.request, mapped.category)
        #expect(request.content.body == "Are you coming?")
        let reply = try #require(category?.actions.first)
        #expect(reply.isTextInput && reply.title == "Reply")
        let plain = try GLibNotification.request(id: "msg-1", of: Self.chat, from: GLibNotificationTests.issueExample).category
        #expect(category?.identifier != plain?.identifier)
        let answer = Self.response(to: request, action: reply.identifier, text: "On my way")
        #expect(GLibNotification.activation(for: answer) == .portalSignal(portalApp: Self.chat.rawValue, action: "reply", target: .string("anna")))
        guard case .portalSignal(let app, let id, let action, let parameter, _) = ApplicationActivation.call(for: answer) else {
            Issue.record("not the portal's signal: \(ApplicationActivation.call(for: answer))")
            return
        }
        #expect(app == Self.chat.rawValue && id == "msg-1" && action == "reply")
        #expect(parameter == [.string("anna"), [String: Value]().dbusValue, .string("On my way")])
    }

    @Test func anExportedActionGetsTheTargetAndThenTheReply() throws {
        var exported = Self.message
        exported["buttons"] = [Self.button("Reply", "app.reply", target: .string("anna"), purpose: "im.reply-with-text")].dbusValue
        let mapped = try PortalMapping.request(id: "msg-1", portalApp: Self.chat.rawValue, of: Self.chat, from: exported)
        let (request, category) = (mapped.request, mapped.category)
        let answer = Self.response(to: request, action: try #require(category?.actions.first).identifier, text: "Yes")
        #expect(ApplicationActivation.call(for: answer) == .activateAction(name: "reply", parameter: [.string("anna"), .string("Yes")], platformData: [:]))
    }

    @Test func displayHintsTrayIsPassiveAndShowAsNewIsSaid() throws {
        var quiet = Self.message
        quiet["display-hint"] = ["tray", "show-as-new", "persistent"].dbusValue
        let mapped = try PortalMapping.request(id: "msg-1", portalApp: "", of: Self.chat, from: quiet)
        #expect(mapped.request.content.interruptionLevel == .passive && mapped.showAsNew)
        #expect(mapped.hints.persistent && !mapped.hints.transient)
        quiet["display-hint"] = ["transient"].dbusValue
        let transient = try PortalMapping.request(id: "msg-1", portalApp: "", of: Self.chat, from: quiet)
        #expect(transient.hints.transient && !transient.hints.persistent && !transient.showAsNew)
        #expect(transient.request.content.interruptionLevel == .active)
    }

    @Test func theMarkupBodyGoesToTheServerAndItsTextIsTheBody() throws {
        let mapped = try PortalMapping.request(id: "msg-1", portalApp: "", of: Self.chat, from: Self.message)
        #expect(mapped.hints.markupBody == "Are you <b>coming</b>?")
        #expect(mapped.request.content.body == "Are you coming?")
        var plain = Self.message
        plain["markup-body"] = nil
        plain["body"] = .string("Are you coming?")
        #expect(try PortalMapping.request(id: "msg-1", portalApp: "", of: Self.chat, from: plain).hints.markupBody == nil)
    }

    @Test func aThemedIconIsTheImageAndAnIconFileIsHandedToTheDoor() throws {
        var message = Self.message
        message["icon"] = .structure([.string("themed"), .variant(["avatar-anna", "avatar-default"].dbusValue)])
        let themed = try PortalMapping.request(id: "m", portalApp: "", of: Self.chat, from: message)
        #expect(themed.hints.image == "avatar-anna" && themed.iconFile == nil && themed.iconBytes == nil)
        message["icon"] = .structure([.string("file-descriptor"), .variant(.unixFD(UnixFD(7)))])
        let file = try PortalMapping.request(id: "m", portalApp: "", of: Self.chat, from: message)
        #expect(file.iconFile == UnixFD(7) && file.hints.image == nil)
        message["icon"] = .structure([.string("bytes"), .variant([UInt8]([1, 2, 3]).dbusValue)])
        #expect(try PortalMapping.request(id: "m", portalApp: "", of: Self.chat, from: message).iconBytes == [1, 2, 3])
        message["icon"] = .structure([.string("file"), .variant(.string("/etc/passwd"))])
        let other = try PortalMapping.request(id: "m", portalApp: "", of: Self.chat, from: message)
        #expect(other.hints.image == nil && other.iconFile == nil && other.iconBytes == nil, "another kind is ignored")
    }

    @Test func lockScreenHintsGoWithTheRequestAndHidingItAllWins() throws {
        var message = Self.message
        message["display-hint"] = ["hide-content-on-lock-screen"].dbusValue
        let content = try PortalMapping.request(id: "m", portalApp: "", of: Self.chat, from: message).request
        #expect(LockScreenHint(of: content) == .hideContent)
        message["display-hint"] = ["hide-content-on-lock-screen", "hide-on-lock-screen"].dbusValue
        let hidden = try PortalMapping.request(id: "m", portalApp: "", of: Self.chat, from: message).request
        #expect(LockScreenHint(of: hidden) == .hide)
        var always = AppSettings()
        always.showPreviews = .always
        #expect(always.narrowed(by: content).showPreviews == .whenUnlocked && always.narrowed(by: content).lockScreen)
        #expect(!always.narrowed(by: hidden).lockScreen)
        var never = AppSettings()
        never.showPreviews = .never
        #expect(never.narrowed(by: content).showPreviews == .never, "a hint only takes away")
    }

    @Test func aPriorityAboveTheCategorysIsKeptAndSoundsAreTheDefaultOrNone() throws {
        var urgent = Self.message
        urgent["priority"] = .string("urgent")
        urgent["sound"] = .string("default")
        let request = try PortalMapping.request(id: "m", portalApp: "", of: Self.chat, from: urgent).request
        #expect(request.content.interruptionLevel == .critical && request.content.sound == "default")
        urgent["sound"] = .string("silent")
        #expect(try PortalMapping.request(id: "m", portalApp: "", of: Self.chat, from: urgent).request.content.sound == nil)
    }

    @Test func whatThePortalDefinesAndUsernotedDoesNotMapIsIgnored() throws {
        let odd: [String: Value] = [
            "title": .string("T"), "category": .string("x-vendor.thing"), "display-hint": ["hide-on-lock-screen"].dbusValue,
            "buttons": [Self.button("Go", "go", purpose: "x-vendor.go")].dbusValue, "icon": .structure([.string("themed"), .variant(["x"].dbusValue)]),
        ]
        let mapped = try PortalMapping.request(id: "m", portalApp: "", of: Self.chat, from: odd)
        let (request, category) = (mapped.request, mapped.category)
        #expect(request.content.interruptionLevel == .active && category?.actions.map(\.title) == ["Go"])
    }

    @Test func supportedOptionsListEveryMappedCategoryAndPurpose() {
        let options = PortalMapping.supportedOptions
        #expect(options["category"]?.as([String].self)?.contains("call.incoming") == true)
        #expect(options["button-purpose"]?.as([String].self) == [
            "call.accept", "call.decline", "call.disable-speakerphone", "call.enable-speakerphone", "call.hang-up", "im.reply-with-text"])
    }
}

extension PortalMappingTests {
    /// The rows of the table in docs/portal.md whose header starts with `header`: each row's cells.
    static func table(_ header: String) throws -> [[String]] {
        let text = try String(contentsOf: repositoryRoot.appending(path: "docs/portal.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("| \(header) |") }) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
        }
    }

    @Test func docsPortalMdShowsTheMappingAsItIs() throws {
        let categories = try Self.table("category")
        #expect(Dictionary(uniqueKeysWithValues: categories.map { ($0[0], $0[1]) }) == PortalMapping.categories.mapValues(\.rawValue))
        let purposes = try Self.table("purpose").map { Array($0.prefix(3)) }
        let expected = PortalMapping.purposes.map { purpose, button -> [String] in
            switch button {
            case .reply(let label): [purpose, "text input", label]
            case .action(let label, let options) where options.contains(.foreground): [purpose, "foreground", label]
            case .action(let label, let options) where options.contains(.destructive): [purpose, "destructive", label]
            case .action(let label, _): [purpose, "plain", label]
            case .none: [purpose, "not shown", ""]
            }
        }
        #expect(purposes.sorted { $0[0] < $1[0] } == expected.sorted { $0[0] < $1[0] })
        let hints = try Self.table("hint")
        let said: [PortalMapping.DisplayHint: String] = [
            .showAsNew: "shown afresh", .passive: "passive", .transient: "the spec's transient hint", .persistent: "the spec's resident hint",
            .lockScreen(.hide): "held while the session is locked", .lockScreen(.hideContent): "previews hidden while the session is locked",
        ]
        #expect(hints.count == PortalMapping.displayHints.count)
        for row in hints {
            let hint = try #require(PortalMapping.displayHints[row[0]], "\(row[0]) is not a display hint usernoted knows")
            #expect(row[1].hasPrefix(said[hint]!), "\(row[0]): the docs say '\(row[1])'")
        }
    }
}
