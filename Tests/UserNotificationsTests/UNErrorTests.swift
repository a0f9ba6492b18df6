import DBus
import Testing
@testable import UserNotifications

struct UNErrorTests {
    @Test func aDaemonRefusalKeepsItsNameAndMessage() {
        let error = UNError(DBusError("io.github.usernoted.Error.UnknownCategory", "category \"X\" is not registered"))
        #expect(error.code == .requestRejected)
        #expect(error.description == "io.github.usernoted.Error.UnknownCategory: category \"X\" is not registered")
    }

    @Test func anAbsentDaemonIsUnavailable() {
        #expect(UNError(DBusError(.serviceUnknown, "no usernoted")).code == .daemonUnavailable)
        #expect(UNError(DBusError(.noReply, "timeout")).code == .daemonUnavailable)
    }

    @Test func aRefusalOfADeniedAppIsApplesNotificationsNotAllowed() {
        let error = UNError(DBusError("io.github.usernoted.Error.NotAuthorized", "the user does not allow notifications"))
        #expect(error.code == .notificationsNotAllowed)
        #expect(error.errorCode == 1)
        #expect(UNError.errorDomain == "UNErrorDomain")
        let matched: Bool
        do { throw error } catch UNError.notificationsNotAllowed { matched = true } catch { matched = false }
        #expect(matched)
    }
}
