import Testing
@testable import UserNotificationsCore

@Suite struct ValidationTests {
    func action(_ id: String, _ title: String = "T", _ options: NotificationAction.Options = []) -> NotificationAction {
        NotificationAction(identifier: id, title: title, options: options)
    }

    func check(_ categories: [NotificationCategory], limits: Limits = .default) throws(ModelError) {
        try Validation.validate(categories: categories, limits: limits)
    }

    // MARK: categories

    @Test func meetingInvitationIsValid() throws {
        try check([NotificationCategory(identifier: "MEETING_INVITATION",
                                        actions: [action("ACCEPT_ACTION", "Accept"), action("DECLINE_ACTION", "Decline")],
                                        options: .customDismissAction)])
        try check([])
    }

    /// Found by drill D6: a category id with a NUL (JSON "\u0000") was accepted, and the error
    /// reply that lists the known ids could not be sent, so the next Post for the app hung.
    @Test func aNulCharacterCannotTravelOnDBusSoItIsRefused() {
        expectModelError(.invalidCategory, mentions: ["categories[0].identifier: contains a NUL character"]) {
            try check([NotificationCategory(identifier: "C\u{0}")])
        }
        expectModelError(.invalidCategory, mentions: ["categories[0].actions[0].title: contains a NUL character"]) {
            try check([NotificationCategory(identifier: "C", actions: [action("A", "\u{0}")])])
        }
        expectModelError(.invalidRequest, mentions: ["content.body: contains a NUL character"]) {
            _ = try ModelJSON.decodeRequest(#"{"content": {"title": "t", "body": "a\u0000b"}}"#)
        }
        expectModelError(.invalidRequest, mentions: ["identifier: contains a NUL character"]) {
            _ = try ModelJSON.decodeRequest(#"{"identifier": "\u0000", "content": {"title": "t"}}"#)
        }
        // userInfo travels inside JSON, where \u0000 is fine.
        #expect(throws: Never.self) { try ModelJSON.decodeRequest(#"{"content": {"title": "t", "userInfo": {"k": "\u0000"}}}"#) }
    }

    @Test func emptyCategoryIdentifier() {
        expectModelError(.invalidCategory, mentions: ["categories[0].identifier: is empty"]) {
            try check([NotificationCategory(identifier: "")])
        }
    }

    @Test func duplicateCategoryIdentifiers() {
        expectModelError(.invalidCategory, mentions: ["categories[2].identifier: 'A' is already used by categories[0]"]) {
            try check([.init(identifier: "A"), .init(identifier: "B"), .init(identifier: "A")])
        }
    }

    @Test func emptyActionIdentifier() {
        expectModelError(.invalidCategory, mentions: ["categories[0].actions[1].identifier: is empty"]) {
            try check([.init(identifier: "C", actions: [action("A"), action("")])])
        }
    }

    @Test func duplicateActionIdentifiers() {
        expectModelError(.invalidCategory, mentions: ["categories[1].actions[2].identifier: 'X' is already used by actions[0]"]) {
            try check([.init(identifier: "OK"), .init(identifier: "C", actions: [action("X"), action("Y"), action("X")])])
        }
    }

    @Test(arguments: [
        ("default", "click on the notification body"),
        ("dismiss", "dismissal by the user"),
        ("inline-reply", "inline-reply extension"),
    ])
    func reservedActionIdentifiers(id: String, reason: String) {
        expectModelError(.invalidCategory, mentions: ["actions[0].identifier: '\(id)' is reserved", reason]) {
            try check([.init(identifier: "C", actions: [action(id)])])
        }
    }

    @Test func emptyActionTitle() {
        expectModelError(.invalidCategory, mentions: ["categories[0].actions[0].title: is empty"]) {
            try check([.init(identifier: "C", actions: [action("A", "")])])
        }
    }

    @Test func atMostOneTextInputAction() {
        let reply = NotificationAction.textInput(identifier: "REPLY", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: "")
        let note = NotificationAction.textInput(identifier: "NOTE", title: "Note", textInputButtonTitle: "Save", textInputPlaceholder: "")
        expectModelError(.invalidCategory, mentions: ["categories[0].actions[2]: 'NOTE' is a second text-input action",
                                                      "actions[0]", "single inline reply"]) {
            try check([.init(identifier: "C", actions: [reply, action("LIKE"), note])])
        }
    }

    @Test func tooManyCategories() {
        let categories = (0..<65).map { NotificationCategory(identifier: "C\($0)") }
        expectModelError(.limitExceeded, mentions: ["categories: 65 categories; the limit is 64", "categoriesPerApp"]) {
            try check(categories)
        }
        expectModelError(.limitExceeded, mentions: ["3 categories; the limit is 2"]) {
            try check(Array(categories.prefix(3)), limits: Limits(categoriesPerApp: 2))
        }
    }

    @Test func tooManyActions() {
        let actions = (0..<11).map { action("A\($0)") }
        expectModelError(.limitExceeded, mentions: ["categories[0].actions: 11 actions; the limit is 10", "actionsPerCategory"]) {
            try check([.init(identifier: "C", actions: actions)])
        }
    }

    @Test func overlongStringsInCategoriesNameFieldLimitAndSize() {
        let long = String(repeating: "x", count: 257)
        expectModelError(.limitExceeded, mentions: ["categories[0].identifier: is 257 characters long; the limit is 256 (identifierLength)"]) {
            try check([.init(identifier: long)])
        }
        expectModelError(.limitExceeded, mentions: ["actions[0].title: is 1025 characters long; the limit is 1024 (titleLength)"]) {
            try check([.init(identifier: "C", actions: [action("A", String(repeating: "é", count: 1025))])])
        }
        expectModelError(.limitExceeded, mentions: ["actions[0].textInputPlaceholder: is 6 characters long; the limit is 5"]) {
            try check([.init(identifier: "C", actions: [.textInput(identifier: "R", title: "R", textInputButtonTitle: "S", textInputPlaceholder: "123456")])],
                      limits: Limits(titleLength: 5))
        }
        expectModelError(.limitExceeded, mentions: ["categories[0].intentIdentifiers[0]: is 4 characters long; the limit is 3"]) {
            try check([.init(identifier: "C", intentIdentifiers: ["abcd"])], limits: Limits(identifierLength: 3))
        }
        expectModelError(.limitExceeded, mentions: ["hiddenPreviewsBodyPlaceholder: is 3 characters long; the limit is 2 (bodyLength)"]) {
            try check([.init(identifier: "C", hiddenPreviewsBodyPlaceholder: "abc")], limits: Limits(bodyLength: 2))
        }
    }

    @Test func lengthsCountCharactersNotBytes() throws {
        try check([.init(identifier: "C", actions: [action("A", String(repeating: "✓", count: 1024))])])
    }

    @Test func decodeCategoriesValidatesUnlessToldNot() throws {
        let json = #"[{"identifier": "C", "actions": [{"identifier": "default", "title": "Open"}]}]"#
        expectModelError(.invalidCategory, mentions: ["'default' is reserved"]) {
            _ = try ModelJSON.decodeCategories(json)
        }
        #expect(try ModelJSON.decodeCategories(json, limits: nil).count == 1)
    }

    @Test func singleCategoryPathsAreRelative() {
        expectModelError(.invalidCategory, mentions: ["actions[0].title: is empty"]) {
            try NotificationCategory(identifier: "C", actions: [action("A", "")]).validate()
        }
    }

    // MARK: requests

    @Test func meetingRequestIsValid() throws {
        try NotificationRequest(identifier: "m", content: .init(title: "Meeting", userInfo: ["MEETING_ID": "1"],
                                                                categoryIdentifier: "MEETING_INVITATION")).validate()
        try NotificationRequest(content: .init()).validate()
    }

    @Test(arguments: [
        ("identifier", "identifierLength"), ("content.title", "titleLength"), ("content.subtitle", "titleLength"),
        ("content.body", "bodyLength"), ("content.categoryIdentifier", "identifierLength"),
        ("content.threadIdentifier", "identifierLength"), ("content.targetContentIdentifier", "identifierLength"),
        ("content.sound", "identifierLength"),
    ])
    func overlongRequestStrings(field: String, limitName: String) {
        let limits = Limits(identifierLength: 3, titleLength: 3, bodyLength: 3)
        let long = "abcd"
        var request = NotificationRequest(content: .init())
        switch field {
        case "identifier": request.identifier = long
        case "content.title": request.content.title = long
        case "content.subtitle": request.content.subtitle = long
        case "content.body": request.content.body = long
        case "content.categoryIdentifier": request.content.categoryIdentifier = long
        case "content.threadIdentifier": request.content.threadIdentifier = long
        case "content.targetContentIdentifier": request.content.targetContentIdentifier = long
        default: request.content.sound = long
        }
        expectModelError(.limitExceeded, mentions: ["\(field): is 4 characters long; the limit is 3 (\(limitName))"]) {
            try request.validate(limits: limits)
        }
    }

    @Test func userInfoSizeIsMeasuredAsEncodedJSON() throws {
        let content = NotificationContent(userInfo: ["k": .string(String(repeating: "x", count: 100))])
        // {"k":"xxx…"} is 108 bytes
        try Validation.validate(content: content, limits: Limits(userInfoBytes: 108))
        expectModelError(.limitExceeded, mentions: ["content.userInfo: is 108 bytes as JSON; the limit is 107 (userInfoBytes)"]) {
            try NotificationRequest(content: content).validate(limits: Limits(userInfoBytes: 107))
        }
    }

    /// What the portal asks of the server goes under usernoted's own key: an app may not put
    /// it there (a markup body and an image path would pass the escaping and the attachment checks).
    @Test func usernotedsOwnUserInfoKeyIsRefused() {
        let content = NotificationContent(userInfo: ["x-usernoted-server": .object(["markupBody": .string("<img src='x'/>")])])
        expectModelError(.invalidRequest, mentions: ["content.userInfo.x-usernoted-server: is usernoted's own key"]) {
            try NotificationRequest(content: content).validate()
        }
    }

    @Test func defaultUserInfoLimitIs64KiB() {
        let content = NotificationContent(userInfo: ["blob": .string(String(repeating: "x", count: 65536))])
        expectModelError(.limitExceeded, mentions: ["userInfo: is 65547 bytes as JSON; the limit is 65536"]) {
            try Validation.validate(content: content)
        }
    }

    @Test func emptySoundAndNegativeBadgeAreInvalidRequests() {
        expectModelError(.invalidRequest, mentions: ["content.sound: is empty", "\"default\""]) {
            try NotificationRequest(content: .init(sound: "")).validate()
        }
        expectModelError(.invalidRequest, mentions: ["content.badge: is -1"]) {
            try NotificationRequest(content: .init(badge: -1)).validate()
        }
    }

    @Test func decodeRequestValidatesUnlessToldNot() throws {
        let json = #"{"content": {"title": "abcd"}}"#
        expectModelError(.limitExceeded, mentions: ["content.title: is 4 characters long; the limit is 3"]) {
            _ = try ModelJSON.decodeRequest(json, limits: Limits(titleLength: 3))
        }
        #expect(try ModelJSON.decodeRequest(json, limits: nil).content.title == "abcd")
    }

    @Test func attachmentsMustBeFileURLsOfImages() {
        func attach(_ attachments: NotificationAttachment...) throws { try NotificationRequest(content: .init(attachments: attachments)).validate() }
        #expect(throws: Never.self) { try attach(.init(url: "file:///home/me/Cat.PNG"), .init(url: "file://localhost/tmp/a%20b.jpeg")) }
        expectModelError(.invalidRequest, mentions: ["content.attachments[1].url: 'https://example.org/cat.png' is not a file:// URL", "file:///home/me/Pictures/cat.png"]) {
            try attach(.init(url: "file:///a.png"), .init(url: "https://example.org/cat.png"))
        }
        expectModelError(.invalidRequest, mentions: ["content.attachments[0].url: '/home/me/cat.png' is not a file:// URL"]) {
            try attach(.init(url: "/home/me/cat.png"))
        }
        expectModelError(.invalidRequest, mentions: ["content.attachments[0].url: 'file://server/share/cat.png' is not a file:// URL of a local file"]) {
            try attach(.init(url: "file://server/share/cat.png"))
        }
        expectModelError(.invalidRequest, mentions: ["content.attachments[0].url: 'file:///home/me/song.mp3' is not an image", ".png, .jpg"]) {
            try attach(.init(url: "file:///home/me/song.mp3"))
        }
    }

    @Test func attachmentIdentifiersAreUniqueWhenGiven() {
        expectModelError(.invalidRequest, mentions: ["content.attachments[1].identifier: 'a' is already used by attachments[0]"]) {
            try NotificationRequest(content: .init(attachments: [.init(identifier: "a", url: "file:///1.png"), .init(identifier: "a", url: "file:///2.png")])).validate()
        }
        #expect(throws: Never.self) {
            try NotificationRequest(content: .init(attachments: [.init(url: "file:///1.png"), .init(url: "file:///2.png")])).validate()
        }
    }

    @Test func relevanceScoresAreFromZeroToOne() {
        #expect(throws: Never.self) { try NotificationRequest(content: .init(relevanceScore: 1)).validate() }
        expectModelError(.invalidRequest, mentions: ["content.relevanceScore: is 1.5; a relevance score is from 0 to 1"]) {
            try NotificationRequest(content: .init(relevanceScore: 1.5)).validate()
        }
    }

    @Test func aSummaryArgumentCountIsAtLeastOne() {
        #expect(throws: Never.self) { try NotificationRequest(content: .init(summaryArgumentCount: 1)).validate() }
        expectModelError(.invalidRequest, mentions: ["content.summaryArgumentCount: is 0; it is how many items"]) {
            try NotificationRequest(content: .init(summaryArgumentCount: 0)).validate()
        }
    }

    @Test func aSummaryFormatMustBeOneTheStackCanFillIn() {
        expectModelError(.invalidCategory, mentions: ["categorySummaryFormat: has '%s'; use %u for the count"]) {
            try NotificationCategory(identifier: "CHAT", categorySummaryFormat: "%s more").validate()
        }
    }

    // MARK: minimal actions and suggestions

    @Test func minimalActionsNameAtMostTwoExistingActionsOnce() throws {
        let actions = [action("A"), action("B"), action("C")]
        try check([NotificationCategory(identifier: "C", actions: actions, minimalActions: ["C", "A"])])
        expectModelError(.invalidCategory, mentions: ["categories[0].minimalActions: names 3 actions; name at most 2"]) {
            try check([NotificationCategory(identifier: "C", actions: actions, minimalActions: ["A", "B", "C"])])
        }
        expectModelError(.invalidCategory, mentions: ["categories[0].minimalActions[1]: 'Z' is not one of the category's actions ('A', 'B', 'C')"]) {
            try check([NotificationCategory(identifier: "C", actions: actions, minimalActions: ["A", "Z"])])
        }
        expectModelError(.invalidCategory, mentions: ["minimalActions[0]: 'A' is not one of the category's actions (it has none)"]) {
            try check([NotificationCategory(identifier: "C", minimalActions: ["A"])])
        }
        expectModelError(.invalidCategory, mentions: ["categories[0].minimalActions[1]: 'A' is named twice"]) {
            try check([NotificationCategory(identifier: "C", actions: actions, minimalActions: ["A", "A"])])
        }
    }

    func reply(_ suggestions: [String]) -> NotificationCategory {
        NotificationCategory(identifier: "C", actions: [.textInput(
            identifier: "R", title: "R", textInputButtonTitle: "", textInputPlaceholder: "", suggestions: suggestions)])
    }

    @Test func suggestionsAreNonEmptyDistinctAndLimitedLikeTitlesAndButtons() throws {
        try check([reply(["Yes", "No"])])
        expectModelError(.invalidCategory, mentions: ["categories[0].actions[0].suggestions[1]: is empty"]) {
            try check([reply(["Yes", ""])])
        }
        expectModelError(.invalidCategory, mentions: ["suggestions[1]: 'Yes' is already suggestions[0]"]) {
            try check([reply(["Yes", "Yes"])])
        }
        expectModelError(.limitExceeded, mentions: ["suggestions[0]: is 5 characters long; the limit is 4 (titleLength)"]) {
            try check([reply(["Maybe"])], limits: Limits(titleLength: 4))
        }
        expectModelError(.limitExceeded, mentions: ["actions[0].suggestions: 3 suggestions; the limit is 2 (actionsPerCategory)"]) {
            try check([reply(["a", "b", "c"])], limits: Limits(actionsPerCategory: 2))
        }
        expectModelError(.invalidCategory, mentions: ["suggestions[0]: contains a NUL character"]) {
            try check([reply(["\u{0}"])])
        }
    }
}
