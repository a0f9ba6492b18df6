import DBus
import UserNotificationsCore

/// An error a Center1 caller gets: `io.github.usernoted.Error.<name>` and what to fix.
public struct CenterError: Error, Sendable, Hashable, DBusErrorConvertible {
    /// The D-Bus error name suffix.
    public var name: String
    public var message: String

    public init(_ name: String, _ message: String) {
        self.name = name
        self.message = message
    }

    /// A model validation error, under its own name.
    public init(_ error: ModelError) { self.init(error.name, error.message) }

    public static let prefix = "io.github.usernoted.Error."

    public var dbusError: DBusError { DBusError(.init(Self.prefix + name), message) }

    static func unknownCategory(_ id: String, of app: AppID, known: [String]) -> CenterError {
        let list = known.isEmpty ? "it has none; register them with SetCategories first" : "known: \(known.joined(separator: ", "))"
        return CenterError("UnknownCategory", "category \"\(id)\" is not registered for \(app) (\(list))")
    }

    static func notFound(_ what: String) -> CenterError { CenterError("NotFound", what) }
}

/// Runs `body`, turning model errors into Center errors.
func rethrowingModelErrors<T>(_ body: () throws(ModelError) -> T) throws(CenterError) -> T {
    do { return try body() } catch { throw CenterError(error) }
}
