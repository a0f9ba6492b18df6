import DBus
import UsernotedAPI

/// What `pending` and `delivered` share: which requests their `list`, `remove` and `clear` act on.
protocol RequestStateCommand: Sendable {
    /// The requests' state, which names the methods.
    static var state: RequestState { get }
    /// What the requests are, for help texts: "scheduled notifications".
    static var things: String { get }
}

/// Where requests are: scheduled (`Pending`) or on screen (`Delivered`); each has its `Get`,
/// `Remove` and `RemoveAll` method.
enum RequestState: Sendable {
    case pending
    case delivered

    /// `GetPending` or `GetDelivered`.
    var list: MethodDeclaration<String, String> { self == .pending ? Center1.getPending : Center1.getDelivered }
    /// `RemovePending` or `RemoveDelivered`.
    var remove: MethodDeclaration<String, [String], NoReply> { self == .pending ? Center1.removePending : Center1.removeDelivered }
    /// `RemoveAllPending` or `RemoveAllDelivered`.
    var removeAll: MethodDeclaration<String, NoReply> { self == .pending ? Center1.removeAllPending : Center1.removeAllDelivered }
}
