import Foundation
import Testing
@testable import UserNotificationsCore

/// The JSON Schemas in `docs/schemas` say what the model reads: the same field names, the
/// same option names, and examples the model accepts.
@Suite struct SchemaTests {
    static let directory = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "docs/schemas")

    /// The schema file `name`, parsed.
    func schema(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: Self.directory.appending(path: "\(name).schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The object schema at `path` (`$defs` names) in `schema`: the root for an empty path.
    func object(_ schema: [String: Any], _ definition: String? = nil) throws -> [String: Any] {
        guard let definition else { return schema }
        let definitions = try #require(schema["$defs"] as? [String: Any])
        return try #require(definitions[definition] as? [String: Any], "no $defs/\(definition)")
    }

    func properties(_ object: [String: Any]) throws -> Set<String> {
        Set(try #require(object["properties"] as? [String: Any]).keys)
    }

    /// The `enum` of the items of an array property, or of the property itself.
    func names(_ object: [String: Any], _ property: String) throws -> [String] {
        let schema = try #require((object["properties"] as? [String: Any])?[property] as? [String: Any])
        let values = (schema["items"] as? [String: Any])?["enum"] ?? schema["enum"]
        return try #require(values as? [String])
    }

    func keys<Keys: CodingKey & CaseIterable>(_ type: Keys.Type) -> Set<String> { Set(Keys.allCases.map(\.stringValue)) }

    @Test func theSchemasNameExactlyTheFieldsTheModelReads() throws {
        let categories = try schema("categories"), request = try schema("request")
        let response = try schema("response"), payload = try schema("apns-payload")
        #expect(try properties(object(categories, "category")) == keys(NotificationCategory.CodingKeys.self))
        #expect(try properties(object(categories, "action")) == keys(NotificationAction.CodingKeys.self))
        #expect(try properties(request) == keys(NotificationRequest.CodingKeys.self))
        #expect(try properties(object(request, "content")) == keys(NotificationContent.CodingKeys.self))
        #expect(try properties(object(request, "attachment")) == keys(NotificationAttachment.CodingKeys.self))
        #expect(try properties(object(request, "trigger")) == keys(NotificationTrigger.CodingKeys.self))
        #expect(try properties(object(request, "dateComponents")) == keys(TriggerDateComponents.CodingKeys.self))
        #expect(try properties(response) == keys(NotificationResponse.CodingKeys.self))
        #expect(try properties(object(payload, "aps")) == keys(APNsPayload.APS.CodingKeys.self))
        #expect(try properties(object(payload, "alert")) == keys(APNsPayload.Alert.CodingKeys.self))
        #expect(try properties(object(payload, "sound")) == keys(APNsPayload.Sound.CodingKeys.self))
    }

    @Test func theSchemasOptionsAndLevelsAreTheModelsNames() throws {
        let categories = try schema("categories")
        #expect(try names(object(categories, "category"), "options") == NotificationCategory.Options.knownNames)
        #expect(try names(object(categories, "action"), "options") == NotificationAction.Options.knownNames)
        #expect(try names(object(schema("request"), "content"), "interruptionLevel") == InterruptionLevel.allCases.map(\.rawValue))
    }

    @Test func theSchemasExamplesAreAccepted() throws {
        func examples(_ name: String) throws -> [String] {
            try #require(try schema(name)["examples"] as? [Any]).map {
                String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self)
            }
        }
        for json in try examples("categories") { _ = try ModelJSON.decodeCategories(json) }
        for json in try examples("request") { _ = try ModelJSON.decodeRequest(json) }
        for json in try examples("response") { _ = try ModelJSON.decodeResponse(json) }
        for json in try examples("apns-payload") { _ = try APNsPayload.decode(json) }
    }
}
