import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UNNotificationContentTests {
    @Test func aCopyOfMutableContentIsTheDaemonsContent() throws {
        let content = UNMutableNotificationContent()
        content.title = "Weekly Staff Meeting"
        content.subtitle = "Room 4"
        content.body = "Every Tuesday at 2pm"
        content.userInfo = ["MEETING_ID": "M-1", "USER_ID": "U-42"]
        content.categoryIdentifier = "MEETING_INVITATION"
        content.threadIdentifier = "meetings"
        content.sound = .default
        content.badge = 3
        content.interruptionLevel = .timeSensitive
        content.targetContentIdentifier = "calendar"
        let snapshot = try #require(content.copy() as? UNNotificationContent)
        #expect(!(snapshot is UNMutableNotificationContent))
        #expect(snapshot.model == NotificationContent(
            title: "Weekly Staff Meeting", subtitle: "Room 4", body: "Every Tuesday at 2pm",
            userInfo: ["MEETING_ID": "M-1", "USER_ID": "U-42"], categoryIdentifier: "MEETING_INVITATION",
            threadIdentifier: "meetings", sound: "default", interruptionLevel: .timeSensitive, badge: 3,
            targetContentIdentifier: "calendar"))
        content.title = "changed later"
        #expect(snapshot.title == "Weekly Staff Meeting")
    }

    @Test func modelContentReadsBackThroughTheAppleProperties() {
        let content = UNNotificationContent(NotificationContent(
            title: "T", body: "B", userInfo: ["MEETING_ID": "M-1"], categoryIdentifier: "C",
            sound: "message-new-instant", interruptionLevel: .critical, badge: 2))
        #expect(content.title == "T")
        #expect(content.body == "B")
        #expect(content.userInfo["MEETING_ID"] as? String == "M-1")
        #expect(content.categoryIdentifier == "C")
        #expect(content.sound == UNNotificationSound(named: "message-new-instant"))
        #expect(content.interruptionLevel == .critical)
        #expect(content.badge?.intValue == 2)
    }

    @Test func aMutableCopyRoundTrips() throws {
        let content = UNNotificationContent(NotificationContent(title: "T", userInfo: ["n": 1], sound: "default", badge: 0))
        let copy = try #require(content.mutableCopy() as? UNMutableNotificationContent)
        #expect(copy.title == "T")
        #expect(copy.sound == .default)
        #expect(copy == content)
        copy.title = "changed"
        #expect(content.title == "T", "the copy is another object")
    }

    @Test func noSoundAndNoBadgeStayNil() {
        let content = UNMutableNotificationContent()
        #expect(content.model.sound == nil)
        #expect(content.model.badge == nil)
        #expect(content.sound == nil)
        #expect(content.badge == nil)
    }

    @Test func theFieldsAppsKeepForSourceCompatibilityAreKeptAndNotSent() {
        let content = UNMutableNotificationContent()
        content.relevanceScore = 0.5
        content.filterCriteria = "work"
        content.launchImageName = "launch"
        #expect(["\(content.relevanceScore)", content.filterCriteria ?? "", content.launchImageName] == ["0.5", "work", "launch"])
        #expect(content.model == NotificationContent())
    }

    @Test func theSummaryArgumentAndItsCountAreSentForTheThreadsStack() {
        let content = UNMutableNotificationContent()
        #expect(content.summaryArgumentCount == 1)
        content.summaryArgument = "Anna"
        content.summaryArgumentCount = 3
        #expect(content.model == NotificationContent(summaryArgument: "Anna", summaryArgumentCount: 3))
        content.summaryArgumentCount = 0
        #expect(content.summaryArgumentCount == 1, "at least one item")
    }

    @Test func userInfoThatIsNotJSONIsRememberedForAddToRefuse() {
        let content = UNMutableNotificationContent()
        content.userInfo = ["date": Date(), "id": 7]
        #expect(content.snapshot.unconvertibleUserInfoKeys == ["date"])
        #expect(content.userInfo["id"] as? Int == 7)
    }
}
