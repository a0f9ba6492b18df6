import DBus

/// What `RespondPrimary` answered: the app, the request and the action picked.
public struct PrimaryResponse: DBusReply, Hashable {
    public var appID: String
    public var requestID: String
    public var actionIdentifier: String

    public init(appID: String, requestID: String, actionIdentifier: String) {
        self.appID = appID
        self.requestID = requestID
        self.actionIdentifier = actionIdentifier
    }

    public static var types: [DBusType] { [.string, .string, .string] }
    public var values: [Value] { [.string(appID), .string(requestID), .string(actionIdentifier)] }
    public init?(values: [Value]) {
        guard values.count == 3, let app = values[0].as(String.self), let request = values[1].as(String.self),
            let action = values[2].as(String.self)
        else { return nil }
        self.init(appID: app, requestID: request, actionIdentifier: action)
    }
}
