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

    @Test func theTextDomainAndLocaleDirectoryAreSetAndAnEmptyOneGoesBackToTheDefault() throws {
        #expect(AppSettings().textDomain == nil && AppSettings().localeDirectory == nil, "unset by default")
        let set = AppSettings().applying(try ModelJSON.decodeSettingsUpdate(#"{"textDomain":"chat","localeDirectory":"/opt/chat/locale"}"#))
        #expect(set.textDomain == "chat" && set.localeDirectory == "/opt/chat/locale")
        #expect(try ModelJSON.decodeSettings(ModelJSON.encode(set)) == set)
        let cleared = set.applying(try ModelJSON.decodeSettingsUpdate(#"{"textDomain":"","localeDirectory":""}"#))
        #expect(cleared == AppSettings())
    }

    @Test func aTextDomainThatNamesNoFileAndARelativeLocaleDirectoryAreRefused() {
        for domain in ["../etc/passwd", "a/b", "..", "."] {
            #expect { try ModelJSON.decodeSettingsUpdate(#"{"textDomain":"\#(domain)"}"#) } throws: { error in
                (error as? ModelError)?.kind == .invalidRequest && "\(error)".contains("textDomain: '\(domain)' is not a text domain")
            }
        }
        #expect { try ModelJSON.decodeSettingsUpdate(#"{"localeDirectory":"share/locale"}"#) } throws: { error in
            (error as? ModelError)?.kind == .invalidRequest && "\(error)".contains("localeDirectory: 'share/locale' is not an absolute path")
        }
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
