#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON strings of the D-Bus API: strict, helpful decoding and canonical encoding
/// (sorted keys, compact, `/` unescaped).
public enum ModelJSON {
    /// Decodes a `SetCategories` array and, unless `limits` is nil, validates it.
    public static func decodeCategories(_ json: String, limits: Limits? = .default) throws(ModelError) -> [NotificationCategory] {
        let categories = try decode([NotificationCategory].self, from: json, root: "categories")
        if let limits { try Validation.validate(categories: categories, limits: limits) }
        return categories
    }

    /// Decodes an `Add` request and, unless `limits` is nil, validates it.
    public static func decodeRequest(_ json: String, limits: Limits? = .default) throws(ModelError) -> NotificationRequest {
        let request = try decode(NotificationRequest.self, from: json, root: "request")
        if let limits { try Validation.validate(request: request, limits: limits) }
        return request
    }

    /// Decodes an array of requests (the `GetPending` / `GetDelivered` reply); not validated.
    public static func decodeRequests(_ json: String) throws(ModelError) -> [NotificationRequest] {
        try decode([NotificationRequest].self, from: json, root: "requests")
    }

    /// Decodes a response (`Handler1.DidReceive`, the `Response` signal, exec handler stdin).
    public static func decodeResponse(_ json: String) throws(ModelError) -> NotificationResponse {
        try decode(NotificationResponse.self, from: json, root: "response")
    }

    /// Decodes any model value; errors read `<root>[0].field: problem`.
    public static func decode<T: Decodable>(_ type: T.Type, from json: String, root: String) throws(ModelError) -> T {
        if JSONSyntax.nestsTooDeep(json) { throw ModelError(.invalidJSON, ModelError.notJSON(json)).rooted(at: root) }
        do {
            return try JSONDecoder().decode(type, from: Data(json.utf8))
        } catch let error as ModelError {
            throw error.rooted(at: root)
        } catch let error as DecodingError {
            throw ModelError(error, json: json).rooted(at: root)
        } catch {
            throw ModelError(.invalidJSON, root: root, "could not be read: \(error)")
        }
    }

    /// Encodes a category set.
    public static func encode(_ categories: [NotificationCategory]) -> String { encodeValue(categories) }
    /// Encodes a request (a plain one without `JSONEncoder`: see ``PlainRequestJSON``).
    public static func encode(_ request: NotificationRequest) -> String { PlainRequestJSON.encode(request) ?? encodeValue(request) }
    /// Encodes a list of requests.
    public static func encode(_ requests: [NotificationRequest]) -> String { encodeValue(requests) }
    /// Encodes a response (one to a plain request without `JSONEncoder`).
    public static func encode(_ response: NotificationResponse) -> String { PlainRequestJSON.encode(response) ?? encodeValue(response) }
    /// Encodes content.
    public static func encode(_ content: NotificationContent) -> String { encodeValue(content) }
    /// Encodes a JSON value.
    public static func encode(_ value: JSONValue) -> String { encodeValue(value) }
    /// Encodes a `userInfo` dictionary.
    public static func encode(_ userInfo: [String: JSONValue]) -> String { encodeValue(userInfo) }

    /// Canonical encoding; cannot fail for the model types (non-finite numbers become null).
    static func encodeValue<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            preconditionFailure("model values always encode: \(error)")
        }
    }
}
