import Testing
import UserNotificationsCore

/// The user's per-app settings as JSON: every field out, any subset in.
@Suite struct AppSettingsTests {
    @Test func theDefaultsAreAuthorizedWithEverythingOn() {
        #expect(ModelJSON.encode(AppSettings()) == #"{"alert":true,"authorizationStatus":"authorized","badge":true,"criticalAlert":true,"lockScreen":true,"showPreviews":"whenUnlocked","sound":true,"summary":false,"timeSensitive":true}"#)
    }

    @Test func anUpdateChangesOnlyTheFieldsItGives() throws {
        let update = try ModelJSON.decodeSettingsUpdate(#"{"authorizationStatus":"provisional","sound":false}"#)
        var expected = AppSettings()
        expected.authorizationStatus = .provisional
        expected.sound = false
        #expect(AppSettings().applying(update) == expected)
        #expect(try ModelJSON.decodeSettings(ModelJSON.encode(expected)) == expected)
    }

    @Test func unknownFieldsAndValuesAreNamed() {
        #expect { try ModelJSON.decodeSettingsUpdate(#"{"sounds":false}"#) } throws: { error in
            let error = error as? ModelError
            return error?.kind == .invalidJSON && error?.message.contains("unknown field 'sounds' in settings (did you mean 'sound'?)") == true
        }
        #expect { try ModelJSON.decodeSettingsUpdate(#"{"authorizationStatus":"maybe"}"#) } throws: { error in
            (error as? ModelError)?.kind == .invalidJSON && "\(error)".contains("authorizationStatus")
        }
    }
}
