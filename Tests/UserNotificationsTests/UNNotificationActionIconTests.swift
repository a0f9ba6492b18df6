import Testing
@testable import UserNotifications

struct UNNotificationActionIconTests {
    @Test func aTemplateImageIsSentAsItsNameAndASymbolAsItsFreedesktopIcon() {
        #expect(UNNotificationActionIcon(templateImageName: "org.example.Archive").freedesktopName == "org.example.Archive")
        #expect(UNNotificationActionIcon(systemImageName: "paperplane.fill").freedesktopName == "mail-send")
        #expect(UNNotificationActionIcon(systemImageName: "sparkles").freedesktopName == nil)
        #expect(UNNotificationActionIcon(templateImageName: "").freedesktopName == nil)
    }

    @Test func iconsAreEqualWhenTheyNameTheSameImageTheSameWay() {
        #expect(UNNotificationActionIcon(systemImageName: "trash") == UNNotificationActionIcon(systemImageName: "trash"))
        #expect(UNNotificationActionIcon(systemImageName: "trash") != UNNotificationActionIcon(templateImageName: "trash"))
    }
}
