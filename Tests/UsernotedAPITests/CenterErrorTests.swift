import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
import UsernotedAPI

@Suite struct CenterErrorTests {
    @Test(arguments: ErrorName.allCases)
    func everyErrorNameGoesOnTheBusAndComesBack(_ name: ErrorName) throws {
        let error = CenterError(name, "what to fix")
        #expect(error.dbusError.name.rawValue == "io.github.usernoted.Error.\(name.rawValue)")
        #expect(CenterError(error.dbusError) == error)
    }

    @Test func anotherServicesErrorIsNotOneOfUsernoteds() {
        #expect(CenterError(DBusError(.accessDenied, "no")) == nil)
        #expect(CenterError(DBusError("io.github.usernoted.Error.NoSuchThing", "no")) == nil)
        #expect(CenterError(DBusError("org.example.Error.NotFound", "another service's NotFound")) == nil)
    }

    @Test func aModelErrorKeepsItsNameAndSaysWhere() {
        let model = ModelError(.invalidCategory, at: [.index(0), .key("actions")], root: "categories", "must not be empty")
        let error = CenterError(model)
        #expect(error.name == .invalidCategory)
        #expect(error.description == "categories[0].actions: must not be empty (io.github.usernoted.Error.InvalidCategory)")
    }

    /// The API reference lists every error an app can get, by its full name.
    @Test func theAPIReferenceNamesEveryError() throws {
        let reference = try String(contentsOf: repositoryRoot.appending(path: "docs/api.md"), encoding: .utf8)
        let missing = ErrorName.allCases.filter { !reference.contains($0.rawValue) }
        #expect(missing.isEmpty, "docs/api.md does not list \(missing.map(\.rawValue))")
    }
}
