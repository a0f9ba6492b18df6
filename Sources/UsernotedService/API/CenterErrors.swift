import UserNotificationsCore
import UsernotedAPI

extension CenterError {
    /// A post naming a category the app has not registered, with the ones it has.
    static func unknownCategory(_ id: String, of app: AppID, known: [String]) -> CenterError {
        let list = known.isEmpty ? "it has none; register them with SetCategories first" : "known: \(known.joined(separator: ", "))"
        return CenterError(.unknownCategory, "category \"\(id)\" is not registered for \(app) (\(list))")
    }

    /// A post of an app over its rate (`postsPerSecond`).
    static func overRate(_ app: AppID, perSecond: Int) -> CenterError {
        CenterError(.limitExceeded, "\(app) posts more than \(perSecond) notifications a second (postsPerSecond); slow down, or raise limits.postsPerSecond in config.toml")
    }
}

/// Runs `body`, turning model errors into Center errors.
func rethrowingModelErrors<T>(_ body: () throws(ModelError) -> T) throws(CenterError) -> T {
    do { return try body() } catch { throw CenterError(error) }
}
