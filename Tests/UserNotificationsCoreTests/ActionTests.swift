import Testing
@testable import UserNotificationsCore

@Suite struct ActionTests {
    func decodeAction(_ json: String) throws(ModelError) -> NotificationAction {
        try ModelJSON.decode(NotificationAction.self, from: json, root: "action")
    }

    @Test func plainActionDecodesWithDefaultOptions() throws {
        let action = try decodeAction(#"{"identifier": "ACCEPT_ACTION", "title": "Accept"}"#)
        #expect(action == NotificationAction(identifier: "ACCEPT_ACTION", title: "Accept"))
        #expect(!action.isTextInput)
        #expect(action.options.isEmpty)
    }

    @Test func optionsDecodeFromNames() throws {
        let action = try decodeAction(#"{"identifier": "DELETE", "title": "Delete", "options": ["destructive", "authenticationRequired"]}"#)
        #expect(action.options == [.destructive, .authenticationRequired])
        #expect(action.isDestructive)
    }

    @Test func eitherTextInputKeyMakesATextInputAction() throws {
        let both = try decodeAction(#"{"identifier": "REPLY", "title": "Reply", "textInputButtonTitle": "Send", "textInputPlaceholder": "Message"}"#)
        #expect(both.textInput == .init(buttonTitle: "Send", placeholder: "Message"))
        let one = try decodeAction(#"{"identifier": "REPLY", "title": "Reply", "textInputPlaceholder": "Message"}"#)
        #expect(one.textInput == .init(buttonTitle: "", placeholder: "Message"))
        #expect(one.isTextInput)
    }

    @Test func textInputIsFlattenedInJSON() {
        let action = NotificationAction.textInput(identifier: "REPLY", title: "Reply", options: [.foreground],
                                                  textInputButtonTitle: "Send", textInputPlaceholder: "Type…")
        #expect(ModelJSON.encodeValue(action)
                == #"{"identifier":"REPLY","options":["foreground"],"textInputButtonTitle":"Send","textInputPlaceholder":"Type…","title":"Reply"}"#)
    }

    @Test func iconIsReadAndWrittenOnlyWhenGiven() throws {
        let action = try decodeAction(#"{"identifier": "DELETE", "title": "Delete", "icon": "edit-delete"}"#)
        #expect(action.icon == "edit-delete")
        #expect(ModelJSON.encodeValue(action) == #"{"icon":"edit-delete","identifier":"DELETE","options":[],"title":"Delete"}"#)
        #expect(ModelJSON.encodeValue(NotificationAction(identifier: "A", title: "A")) == #"{"identifier":"A","options":[],"title":"A"}"#)
    }

    @Test(arguments: [
        NotificationAction(identifier: "A", title: "A"),
        NotificationAction(identifier: "I", title: "Icon", icon: "mail-send"),
        NotificationAction(identifier: "B", title: "Bé/", options: [.foreground, .destructive, .authenticationRequired]),
        NotificationAction.textInput(identifier: "R", title: "Reply", textInputButtonTitle: "Send", textInputPlaceholder: ""),
    ])
    func roundTrips(action: NotificationAction) throws {
        #expect(try decodeAction(ModelJSON.encodeValue(action)) == action)
    }

    @Test func unknownOptionIsAnInvalidCategoryListingTheKnownOptions() {
        expectModelError(.invalidCategory, mentions: ["options[0]: unknown action option 'background'",
                                                      "known options: foreground, destructive, authenticationRequired"]) {
            _ = try decodeAction(#"{"identifier": "A", "title": "A", "options": ["background"]}"#)
        }
    }

    @Test func reservedIdentifiersIncludeTheInlineReplyKeyAndTheBackgroundPushAction() {
        #expect(NotificationAction.reservedIdentifiers == ["default", "dismiss", "inline-reply", "background"])
    }

    @Test func suggestionsAreReadWithTheTextInputAndWrittenOnlyWhenGiven() throws {
        let action = try decodeAction(#"{"identifier": "REPLY", "title": "Reply", "textInputPlaceholder": "", "suggestions": ["Yes", "No"]}"#)
        #expect(action.textInput?.suggestions == ["Yes", "No"])
        #expect(ModelJSON.encodeValue(action)
                == #"{"identifier":"REPLY","options":[],"suggestions":["Yes","No"],"textInputButtonTitle":"","textInputPlaceholder":"","title":"Reply"}"#)
        let none = try decodeAction(#"{"identifier": "REPLY", "title": "Reply", "textInputPlaceholder": ""}"#)
        #expect(!ModelJSON.encodeValue(none).contains("suggestions"))
    }

    @Test func suggestionsOnAnActionWithoutTextInputSayWhatToAdd() {
        expectModelError(.invalidCategory, mentions: ["suggestions", "only for text-input actions", "textInputButtonTitle"]) {
            _ = try decodeAction(#"{"identifier": "OK", "title": "OK", "suggestions": ["Yes"]}"#)
        }
    }
}
