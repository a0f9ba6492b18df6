import Testing
@testable import UserNotificationsCore

@Suite struct StrictDecodingTests {
    @Test func unknownKeyNamesTheKeyTheObjectAndTheKnownKeys() {
        let error = expectModelError(.invalidJSON, mentions: ["unknown field 'tittle' in content", "did you mean 'title'?"]) {
            _ = try ModelJSON.decodeRequest(#"{"content": {"tittle": "Hi"}}"#)
        }
        #expect(error?.message == "content: unknown field 'tittle' in content (did you mean 'title'?); known fields: title, subtitle, body, userInfo, categoryIdentifier, threadIdentifier, sound, interruptionLevel, badge, targetContentIdentifier, attachments, relevanceScore, summaryArgument, summaryArgumentCount")
    }

    @Test func unknownKeysInNestedArraysCarryTheFullPath() {
        expectModelError(.invalidJSON, mentions: ["categories[0].actions[1]: unknown field 'label' in action",
                                                  "known fields: identifier, title, options, icon, textInputButtonTitle, textInputPlaceholder"]) {
            _ = try ModelJSON.decodeCategories(#"[{"identifier": "C", "actions": [{"identifier": "A", "title": "A"}, {"identifier": "B", "label": "B"}]}]"#)
        }
    }

    @Test func severalUnknownKeysAreAllNamed() {
        expectModelError(.invalidJSON, mentions: ["unknown fields 'x', 'y' in category"]) {
            _ = try ModelJSON.decodeCategories(#"[{"identifier": "C", "y": 1, "x": 2}]"#)
        }
    }

    @Test func wrongTypeNamesThePathWhatWasExpectedAndWhatWasFound() {
        expectModelError(.invalidJSON, mentions: ["actions[1].title: expected a string, found a number"]) {
            _ = try ModelJSON.decodeCategories(#"[{"identifier": "C", "actions": [{"identifier": "A", "title": "A"}, {"identifier": "B", "title": 5}]}]"#)
        }
        expectModelError(.invalidJSON, mentions: ["content.userInfo: expected an object, found an array"]) {
            _ = try ModelJSON.decodeRequest(#"{"content": {"userInfo": [1, 2]}}"#)
        }
        expectModelError(.invalidJSON, mentions: ["categories: expected an array, found an object"]) {
            _ = try ModelJSON.decodeCategories(#"{"identifier": "C"}"#)
        }
    }

    @Test func missingRequiredFieldIsNamed() {
        expectModelError(.invalidJSON, mentions: ["categories[0]: missing required field 'identifier'"]) {
            _ = try ModelJSON.decodeCategories(#"[{"actions": []}]"#)
        }
    }

    @Test func nullForARequiredStringSaysSo() {
        expectModelError(.invalidJSON, mentions: ["categories[0].identifier: expected a string, found null"]) {
            _ = try ModelJSON.decodeCategories(#"[{"identifier": null}]"#)
        }
    }

    @Test func closestMatchOnlyForNearAndUnambiguousWords() {
        #expect(closestMatch(to: "tittle", among: ["title", "body"]) == "title")
        #expect(closestMatch(to: "Body", among: ["title", "body"]) == "body")
        #expect(closestMatch(to: "zzzzzz", among: ["title", "body"]) == nil)
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("", "abc") == 3)
    }
}
