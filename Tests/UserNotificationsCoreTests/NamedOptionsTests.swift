import Testing
@testable import UserNotificationsCore

@Suite struct NamedOptionsTests {
    @Test func namesComeInCanonicalOrder() {
        let options: NotificationAction.Options = [.authenticationRequired, .foreground]
        #expect(options.names == ["foreground", "authenticationRequired"])
        #expect(NotificationAction.Options.knownNames == ["foreground", "destructive", "authenticationRequired"])
    }

    @Test func parsesNamesAndIgnoresRepeats() throws {
        #expect(try NotificationAction.Options(names: ["destructive", "destructive"]) == .destructive)
        #expect(try NotificationCategory.Options(names: []) == [])
    }

    @Test func unknownNameListsTheKnownOptionsAndItsPosition() {
        let error = expectModelError(.invalidCategory, mentions: ["unknown action option 'Destructive'", "did you mean 'destructive'?",
                                                                  "known options: foreground, destructive, authenticationRequired"]) {
            _ = try NotificationAction.Options(names: ["foreground", "Destructive"], at: [.key("options")])
        }
        #expect(error?.field == "options[1]")
    }
}
