import UsernotedAPI
import Testing
@testable import UserNotificationsCore

@Suite struct ModelErrorTests {
    @Test(arguments: [
        (ErrorName.invalidCategory, "InvalidCategory"), (.invalidRequest, "InvalidRequest"),
        (.invalidAppId, "InvalidAppId"), (.invalidJSON, "InvalidJSON"), (.limitExceeded, "LimitExceeded"),
    ])
    func nameIsTheDBusErrorSuffix(kind: ErrorName, name: String) {
        #expect(ModelError(kind, "x").name == name)
    }

    @Test func messageStartsWithTheRootedPath() {
        let error = ModelError(.invalidCategory, at: [.index(0), .key("actions"), .index(1), .key("title")],
                               root: "categories", "is empty")
        #expect(error.field == "categories[0].actions[1].title")
        #expect(error.message == "categories[0].actions[1].title: is empty")
        #expect(error.description == "InvalidCategory: categories[0].actions[1].title: is empty")
    }

    @Test func rootIsOnlyWrittenBeforeAnIndexOrAlone() {
        #expect(ModelError.PathComponent.format([.key("content"), .key("title")], root: "request") == "content.title")
        #expect(ModelError.PathComponent.format([], root: "request") == "request")
        #expect(ModelError(.invalidJSON, "not valid JSON").message == "not valid JSON")
    }

    @Test func oddKeysAreQuoted() {
        let path: [ModelError.PathComponent] = [.key("content"), .key("userInfo"), .key("a.b c"), .index(2)]
        #expect(ModelError.PathComponent.format(path) == "content.userInfo[\"a.b c\"][2]")
    }

    @Test func nestedAndRootedKeepTheProblem() {
        let error = ModelError(.limitExceeded, at: [.key("title")], "too long")
            .nested(under: [.key("content")]).rooted(at: "request")
        #expect(error.message == "content.title: too long")
        #expect(error.kind == .limitExceeded)
    }
}
