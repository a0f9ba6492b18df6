/// Every error usernoted answers with, as the last part of its D-Bus name
/// (`io.github.usernoted.Error.<rawValue>`): the model's validation errors and the daemon's own.
public enum ErrorName: String, Sendable, Hashable, Codable, CaseIterable {
    /// A category set that cannot be registered.
    case invalidCategory = "InvalidCategory"
    /// A category the app has not registered.
    case unknownCategory = "UnknownCategory"
    /// A request or its content that cannot be posted.
    case invalidRequest = "InvalidRequest"
    /// An app id that is not a valid D-Bus well-known name.
    case invalidAppId = "InvalidAppId"
    /// Text that is not JSON, or JSON of the wrong shape.
    case invalidJSON = "InvalidJSON"
    /// A value over one of the configured ``Limits``.
    case limitExceeded = "LimitExceeded"
    /// No notification, request or handler of that identifier.
    case notFound = "NotFound"
    /// The state database could not take the change; nothing was changed.
    case storageFailed = "StorageFailed"
    /// An app's handler has no delegate to answer (the client library's answer to the daemon).
    case noDelegate = "NoDelegate"
    /// The user does not allow the app's notifications (its settings say `denied`).
    case notAuthorized = "NotAuthorized"
    /// Remote notifications are off: config.toml sets no `[push] broker`.
    case noBroker = "NoBroker"
}
