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
}
