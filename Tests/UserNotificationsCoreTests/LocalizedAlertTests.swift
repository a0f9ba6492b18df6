import Testing
@testable import UserNotificationsCore

@Suite struct LocalizedAlertTests {
    // MARK: The format

    @Test func eachPlaceholderTakesTheNextArgumentInOrder() {
        #expect(LocalizedText.format("%@ and %@ sent you %@", ["Anna", "Ben", "3 photos"]) == "Anna and Ben sent you 3 photos")
    }

    @Test func numberedPlaceholdersTakeTheirArgumentWhereverTheyStand() {
        // A translation reorders what the key's English order gave.
        #expect(LocalizedText.format("%2$@ hat %1$@ eingeladen", ["Anna", "Ben"]) == "Ben hat Anna eingeladen")
        #expect(LocalizedText.format("%1$@, %1$@!", ["Hey"]) == "Hey, Hey!")
    }

    @Test func cStylePlaceholdersOfAGettextCatalogAreReadTheSame() {
        #expect(LocalizedText.format("Neue Nachricht von %s", ["Anna"]) == "Neue Nachricht von Anna")
        #expect(LocalizedText.format("%2$s und %1$s", ["Anna", "Ben"]) == "Ben und Anna")
    }

    @Test func aDoublePercentIsAPercentAndOtherPercentsStay() {
        #expect(LocalizedText.format("%@ is 100%% done", ["Build"]) == "Build is 100% done")
        #expect(LocalizedText.format("50% off, %d left, 100%", ["x"]) == "50% off, %d left, 100%")
        #expect(LocalizedText.format("%0$@ %12345$@ %1$x", ["a"]) == "%0$@ %12345$@ %1$x", "not placeholders")
    }

    @Test func aPlaceholderWithoutItsArgumentStaysAsWrittenAndExtraArgumentsAreNotShown() {
        #expect(LocalizedText.format("%@ invited %@", ["Anna"]) == "Anna invited %@")
        #expect(LocalizedText.format("%3$@ and %1$@", ["Anna"]) == "%3$@ and Anna")
        #expect(LocalizedText.format("Hello", ["unused"]) == "Hello")
    }

    @Test func anArgumentIsInsertedAsItIsNeverReadAsAFormat() {
        #expect(LocalizedText.format("%@ says %@", ["%2$@", "%@ 100%%"]) == "%2$@ says %@ 100%%")
    }

    @Test func textAroundPlaceholdersKeepsEveryCharacter() {
        #expect(LocalizedText.format("Grüße, %@ 👋", ["Zoë"]) == "Grüße, Zoë 👋")
        #expect(LocalizedText.format("", ["x"]) == "")
        #expect(LocalizedText.format("%", []) == "%")
    }

    // MARK: What is shown

    @Test func theTranslationIsShownWithItsArguments() {
        let text = LocalizedText(key: "NEW_MESSAGE", arguments: ["Anna"])
        #expect(text.text(translation: "Nachricht von %@", fallback: "New message") == "Nachricht von Anna")
    }

    @Test func withoutATranslationThePlainTextGivenBesideIsShownElseTheKeyAsTheFormat() {
        let text = LocalizedText(key: "%@ sent a message", arguments: ["Anna"])
        #expect(text.text(translation: nil, fallback: "New message") == "New message")
        #expect(text.text(translation: nil) == "Anna sent a message", "Apple shows a missing key itself")
    }

    @Test func anAlertPutsEachTextInItsField() {
        let alert = LocalizedAlert(
            title: LocalizedText(key: "TITLE", arguments: ["Anna"]), subtitle: nil, body: LocalizedText(key: "BODY"))
        let catalog = ["TITLE": "Von %@", "BODY": "Hallo"]
        let content = alert.applied(to: NotificationContent(title: "From", subtitle: "kept", body: ""), translate: { catalog[$0] })
        #expect(content.title == "Von Anna" && content.subtitle == "kept" && content.body == "Hallo")
        let untranslated = alert.applied(to: NotificationContent(title: "From", body: ""), translate: { _ in nil })
        #expect(untranslated.title == "From" && untranslated.body == "BODY")
    }

    @Test func aLocalizedFieldIsWhereItsErrorsPoint() {
        let alert = LocalizedAlert(title: LocalizedText(key: "T"))
        #expect(alert.sourceKey(of: "title") == "title-loc-key")
        #expect(alert.sourceKey(of: "body") == nil)
    }
}
