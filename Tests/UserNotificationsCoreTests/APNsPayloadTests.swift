import Testing
@testable import UserNotificationsCore

@Suite struct APNsPayloadTests {
    func decode(_ json: String, limits: Limits? = .default) throws(ModelError) -> APNsPayload {
        try APNsPayload.decode(json, limits: limits)
    }

    func content(_ json: String) throws -> NotificationContent {
        try #require(try decode(json).request).content
    }

    // MARK: What is shown

    @Test func applesMeetingInvitationPayloadBecomesARequestWithTheCustomKeysAsUserInfo() throws {
        let payload = try decode(#"""
        {"aps": {"category": "MEETING_INVITATION", "alert": {"title": "Weekly Staff Meeting", "body": "Every Tuesday at 2pm"}},
         "MEETING_ID": "123456789", "USER_ID": "ABCD1234"}
        """#)
        let request = try #require(payload.request)
        #expect(request.needsIdentifier)
        #expect(request.trigger == nil)
        #expect(request.content == NotificationContent(
            title: "Weekly Staff Meeting", body: "Every Tuesday at 2pm",
            userInfo: ["MEETING_ID": "123456789", "USER_ID": "ABCD1234"], categoryIdentifier: "MEETING_INVITATION"))
        #expect(payload.badge == nil)
    }

    @Test func aStringAlertIsTheBody() throws {
        let content = try content(#"{"aps": {"alert": "Hello"}}"#)
        #expect(content.body == "Hello" && content.title == "" && content.subtitle == "")
    }

    @Test func anAlertObjectGivesTitleSubtitleAndBody() throws {
        let content = try content(#"{"aps": {"alert": {"title": "T", "subtitle": "S", "body": "B"}}}"#)
        #expect(content.title == "T" && content.subtitle == "S" && content.body == "B")
    }

    @Test func threadTargetAndRelevanceAreCarried() throws {
        let content = try content(#"{"aps": {"alert": "x", "thread-id": "staff", "target-content-id": "w1", "relevance-score": 0.75}}"#)
        #expect(content.threadIdentifier == "staff")
        #expect(content.targetContentIdentifier == "w1")
        #expect(content.relevanceScore == 0.75)
    }

    @Test func theAlertsSummaryArgumentAndCountAreCarried() throws {
        let content = try content(#"{"aps": {"alert": {"body": "3 photos", "summary-arg": "Anna", "summary-arg-count": 3}, "thread-id": "anna"}}"#)
        #expect(content.summaryArgument == "Anna" && content.summaryArgumentCount == 3)
        expectModelError(.invalidRequest, mentions: ["aps.alert.summary-arg-count: is 0"]) {
            _ = try decode(#"{"aps": {"alert": {"body": "x", "summary-arg-count": 0}}}"#)
        }
    }

    @Test func withoutASoundTheNotificationIsSilentAndANamedSoundIsKept() throws {
        #expect(try content(#"{"aps": {"alert": "x"}}"#).sound == nil)
        #expect(try content(#"{"aps": {"alert": "x", "sound": "default"}}"#).sound == NotificationContent.defaultSound)
        #expect(try content(#"{"aps": {"alert": "x", "sound": "bell"}}"#).sound == "bell")
    }

    @Test func aCriticalSoundIsItsNameAndMakesTheNotificationCritical() throws {
        let critical = try content(#"{"aps": {"alert": "x", "sound": {"critical": 1, "name": "default", "volume": 0.8}}}"#)
        #expect(critical.sound == "default")
        #expect(critical.interruptionLevel == .critical)
        let plain = try content(#"{"aps": {"alert": "x", "sound": {"critical": 0, "name": "bell"}}}"#)
        #expect(plain.sound == "bell" && plain.interruptionLevel == .active)
        let told = try content(#"{"aps": {"alert": "x", "interruption-level": "passive", "sound": {"critical": 1, "name": "bell"}}}"#)
        #expect(told.interruptionLevel == .passive, "an explicit interruption-level wins")
    }

    @Test(arguments: [
        ("passive", InterruptionLevel.passive), ("active", .active), ("time-sensitive", .timeSensitive), ("critical", .critical),
    ])
    func interruptionLevelsUseTheAPNsSpelling(_ text: String, _ level: InterruptionLevel) throws {
        #expect(try content(#"{"aps": {"alert": "x", "interruption-level": "\#(text)"}}"#).interruptionLevel == level)
    }

    // MARK: The badge

    @Test func theBadgeIsReturnedAndKeptOnTheContent() throws {
        let payload = try decode(#"{"aps": {"alert": "x", "badge": 3}}"#)
        #expect(payload.badge == 3)
        #expect(payload.request?.content.badge == 3)
        #expect(try decode(#"{"aps": {"alert": "x", "badge": 0}}"#).badge == 0)
    }

    @Test func aPayloadWithOnlyABadgeShowsNothing() throws {
        let payload = try decode(#"{"aps": {"badge": 7}}"#)
        #expect(payload == APNsPayload(request: nil, badge: 7))
    }

    @Test func negativeAndFractionalBadgesAreNamed() {
        expectModelError(.invalidRequest, mentions: ["aps.badge: is -1; a badge count must be 0 or more"]) {
            _ = try decode(#"{"aps": {"alert": "x", "badge": -1}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.badge: expected a whole number"]) {
            _ = try decode(#"{"aps": {"badge": 1.5}}"#)
        }
    }

    // MARK: Localized alerts

    /// A catalog: the key's translation, nil for a key it lacks.
    static let german: @Sendable (String) -> String? = {
        ["GAME_PLAY_REQUEST_FORMAT": "%1$@ und %2$@ laden dich zu %3$@ ein", "NEW_MESSAGE": "Neue Nachricht",
         "MEETING": "Besprechung: %@"][$0]
    }

    @Test func localizedKeysAreLookedUpInTheCatalogAndFormattedWithTheirArguments() throws {
        let payload = try APNsPayload.decode(#"""
            {"aps": {"alert": {"title-loc-key": "NEW_MESSAGE", "subtitle-loc-key": "MEETING", "subtitle-loc-args": ["Standup"],
                               "loc-key": "GAME_PLAY_REQUEST_FORMAT", "loc-args": ["Jenna", "Frank", "Schach"]}}}
            """#, translate: Self.german)
        let content = try #require(payload.request).content
        #expect(content.title == "Neue Nachricht")
        #expect(content.subtitle == "Besprechung: Standup")
        #expect(content.body == "Jenna und Frank laden dich zu Schach ein")
    }

    @Test func aKeyTheCatalogLacksShowsThePlainTextSentBesideItElseTheKeyItself() throws {
        let plain = try APNsPayload.decode(#"{"aps": {"alert": {"title": "New build", "title-loc-key": "BUILD_TITLE"}}}"#, translate: Self.german)
        #expect(plain.request?.content.title == "New build")
        let key = try content(#"{"aps": {"alert": {"loc-key": "%@ pushed %@", "loc-args": ["Anna", "main"]}}}"#)
        #expect(key.body == "Anna pushed main", "without a catalog, the key is the format")
        let translated = try APNsPayload.decode(#"{"aps": {"alert": {"body": "ignored", "loc-key": "NEW_MESSAGE"}}}"#, translate: Self.german)
        #expect(translated.request?.content.body == "Neue Nachricht", "the key comes before the plain text, as on Apple platforms")
    }

    @Test func localizedKeysOfBadShapeAreRefusedSayingWhere() {
        expectModelError(.invalidJSON, mentions: ["aps.alert.loc-args: expected an array of strings", "'loc-key'"]) {
            _ = try decode(#"{"aps": {"alert": {"loc-key": "K", "loc-args": "Anna"}}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.alert.title-loc-args[1]: expected a string"]) {
            _ = try decode(#"{"aps": {"alert": {"title-loc-key": "K", "title-loc-args": ["Anna", 3]}}}"#)
        }
        expectModelError(.invalidRequest, mentions: ["aps.alert.subtitle-loc-args: is given without 'subtitle-loc-key'"]) {
            _ = try decode(#"{"aps": {"alert": {"body": "x", "subtitle-loc-args": ["Anna"]}}}"#)
        }
        expectModelError(.invalidRequest, mentions: ["aps.alert.loc-key: is empty"]) {
            _ = try decode(#"{"aps": {"alert": {"loc-key": ""}}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.alert.title-loc-key: expected a string"]) {
            _ = try decode(#"{"aps": {"alert": {"title-loc-key": ["K"]}}}"#)
        }
    }

    @Test func aTranslatedTextOverItsLimitIsRefusedAtItsKey() {
        var limits = Limits.default
        limits.titleLength = 8
        expectModelError(.limitExceeded, mentions: ["aps.alert.title-loc-key"]) {
            _ = try APNsPayload.decode(#"{"aps": {"alert": {"title-loc-key": "NEW_MESSAGE"}}}"#, limits: limits, translate: Self.german)
        }
    }

    // MARK: What is refused

    @Test func applesOldActionKeyAndLaunchImagesAreRefusedSayingWhy() {
        expectModelError(.invalidRequest, mentions: ["aps.alert.action-loc-key: is not supported", "category's actions are the buttons"]) {
            _ = try decode(#"{"aps": {"alert": {"action-loc-key": "PLAY", "body": "x"}}}"#)
        }
        expectModelError(.invalidRequest, mentions: ["aps.alert.launch-image: is not supported"]) {
            _ = try decode(#"{"aps": {"alert": {"launch-image": "a.png"}}}"#)
        }
    }

    @Test func applesOtherApsKeysAreRefusedByName() {
        expectModelError(.invalidRequest, mentions: ["aps.filter-criteria: is not supported"]) {
            _ = try decode(#"{"aps": {"alert": "x", "filter-criteria": "work"}}"#)
        }
    }

    @Test func contentAvailableWithoutAnAlertIsABackgroundPushWithTheCustomKeys() throws {
        let background = try decode(#"{"aps": {"content-available": 1}, "sync": "inbox", "since": 42}"#)
        #expect(background.isBackground && background.request == nil)
        #expect(background.userInfo == ["sync": .string("inbox"), "since": .int(42)])
        let shown = try decode(#"{"aps": {"alert": "x", "content-available": 1}}"#)
        #expect(!shown.isBackground && shown.request?.content.body == "x", "with an alert it is shown")
        expectModelError(.invalidRequest, mentions: ["has no 'alert'", "\"content-available\": 1 for a background push"]) {
            _ = try decode(#"{"aps": {"content-available": 0}}"#)
        }
        expectModelError(.invalidRequest, mentions: ["has no 'alert'"]) {
            _ = try decode(#"{"aps": {"content-available": 1, "sound": "bell"}}"#)
        }
        // A push whose apns-push-type is background needs no content-available.
        let typed = try APNsPayload.decode(#"{"aps": {}, "sync": "outbox"}"#, background: true)
        #expect(typed.isBackground && typed.userInfo == ["sync": .string("outbox")])
    }

    @Test func mutableContentIsAFlagForTheServiceExtension() throws {
        #expect(try APNsPayload.decode(#"{"aps": {"alert": "x", "mutable-content": 1}}"#).mutableContent)
        #expect(try !APNsPayload.decode(#"{"aps": {"alert": "x", "mutable-content": 0}}"#).mutableContent)
        #expect(try !APNsPayload.decode(#"{"aps": {"alert": "x"}}"#).mutableContent)
        expectModelError(.invalidJSON, mentions: ["aps.mutable-content: expected 0 or 1"]) {
            _ = try decode(#"{"aps": {"alert": "x", "mutable-content": 2}}"#)
        }
    }

    @Test func unknownKeysInApsAndAlertAreNamedWithTheKnownOnes() {
        expectModelError(.invalidJSON, mentions: ["aps: unknown field 'categry' in aps (did you mean 'category'?)", "known fields: alert, category, thread-id"]) {
            _ = try decode(#"{"aps": {"alert": "x", "categry": "C"}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.alert: unknown field 'titel' in aps.alert (did you mean 'title'?)"]) {
            _ = try decode(#"{"aps": {"alert": {"titel": "x"}}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.sound: unknown field 'loud' in aps.sound"]) {
            _ = try decode(#"{"aps": {"alert": "x", "sound": {"name": "a", "loud": 1}}}"#)
        }
    }

    @Test func anUnknownInterruptionLevelSuggestsTheAPNsSpelling() {
        expectModelError(.invalidRequest, mentions: ["aps.interruption-level: unknown interruption level 'timeSensitive' (did you mean 'time-sensitive'?)", "known levels: passive, active, time-sensitive, critical"]) {
            _ = try decode(#"{"aps": {"alert": "x", "interruption-level": "timeSensitive"}}"#)
        }
    }

    @Test func wrongShapesSayWhatIsExpected() {
        expectModelError(.invalidJSON, mentions: ["aps.alert: expected a string (the body) or an object"]) {
            _ = try decode(#"{"aps": {"alert": 5}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.sound: expected a sound name or an object"]) {
            _ = try decode(#"{"aps": {"alert": "x", "sound": true}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.sound: missing required field 'name'"]) {
            _ = try decode(#"{"aps": {"alert": "x", "sound": {"critical": 1}}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.sound.critical: expected 0 or 1"]) {
            _ = try decode(#"{"aps": {"alert": "x", "sound": {"critical": 2, "name": "a"}}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.sound.volume: expected a number from 0 to 1"]) {
            _ = try decode(#"{"aps": {"alert": "x", "sound": {"name": "a", "volume": 1.5}}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.relevance-score: expected a number from 0 to 1"]) {
            _ = try decode(#"{"aps": {"alert": "x", "relevance-score": "high"}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps.alert.title: expected a string"]) {
            _ = try decode(#"{"aps": {"alert": {"title": 1}}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps: expected an object, found null"]) {
            _ = try decode(#"{"aps": null}"#)
        }
        expectModelError(.invalidJSON, mentions: ["aps: expected an object, found a string"]) {
            _ = try decode(#"{"aps": "x"}"#)
        }
        expectModelError(.invalidJSON, mentions: ["payload: expected an object"]) {
            _ = try decode(#"[1]"#)
        }
        expectModelError(.invalidJSON, mentions: ["payload: not valid JSON"]) {
            _ = try decode(#"{"aps": "#)
        }
    }

    @Test func aPayloadNeedsAnApsObject() {
        expectModelError(.invalidRequest, mentions: ["payload: has no 'aps' object", #"{"aps": {"alert": "Hello"}}"#]) {
            _ = try decode(#"{"alert": "Hello"}"#)
        }
    }

    @Test func withoutAnAlertOnlyTheBadgeMayBeSet() {
        expectModelError(.invalidRequest, mentions: ["aps: has no 'alert', so there is nothing to show", "\"badge\""]) {
            _ = try decode(#"{"aps": {"category": "C", "badge": 1}}"#)
        }
        expectModelError(.invalidRequest, mentions: ["aps: has no 'alert'"]) {
            _ = try decode(#"{"aps": {}}"#)
        }
        expectModelError(.invalidRequest, mentions: ["aps: has no 'alert'"]) {
            _ = try decode(#"{"aps": {"sound": "default"}}"#)
        }
    }

    // MARK: Validation

    @Test func limitsAreCheckedWhereTheFieldCameFrom() {
        let limits = Limits(identifierLength: 3, titleLength: 3, bodyLength: 3, userInfoBytes: 10)
        expectModelError(.limitExceeded, mentions: ["aps.alert.title: is 4 characters long; the limit is 3 (titleLength)"]) {
            _ = try decode(#"{"aps": {"alert": {"title": "abcd"}}}"#, limits: limits)
        }
        expectModelError(.limitExceeded, mentions: ["aps.alert: is 4 characters long; the limit is 3 (bodyLength)"]) {
            _ = try decode(#"{"aps": {"alert": "abcd"}}"#, limits: limits)
        }
        expectModelError(.limitExceeded, mentions: ["aps.alert.body: is 4 characters long"]) {
            _ = try decode(#"{"aps": {"alert": {"body": "abcd"}}}"#, limits: limits)
        }
        expectModelError(.limitExceeded, mentions: ["aps.thread-id: is 4 characters long", "identifierLength"]) {
            _ = try decode(#"{"aps": {"alert": "x", "thread-id": "abcd"}}"#, limits: limits)
        }
        expectModelError(.limitExceeded, mentions: ["payload: the keys other than 'aps' (the userInfo) is", "userInfoBytes"]) {
            _ = try decode(#"{"aps": {"alert": "x"}, "ID": "0123456789"}"#, limits: limits)
        }
        expectModelError(.invalidRequest, mentions: ["aps.sound: is empty"]) {
            _ = try decode(#"{"aps": {"alert": "x", "sound": ""}}"#)
        }
        expectModelError(.invalidRequest, mentions: ["aps.relevance-score: is 2.0; a relevance score is from 0 to 1"]) {
            _ = try decode(#"{"aps": {"alert": "x", "relevance-score": 2}}"#)
        }
    }

    @Test func withoutLimitsNothingIsValidated() throws {
        #expect(try decode(#"{"aps": {"alert": {"title": "abcd"}}}"#, limits: nil).request?.content.title == "abcd")
    }
}
