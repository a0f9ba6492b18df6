import UserNotificationsCore

/// Which app id a center speaks for when none is given.
enum AppIdentity {
    /// The environment variable that names the app id.
    static let environmentKey = "USERNOTED_APP_ID"
    /// The prefix of the default app id, followed by the executable's name.
    static let defaultPrefix = "io.github.usernoted.app."

    /// `USERNOTED_APP_ID` when set and non-empty, else `io.github.usernoted.app.<executable>`.
    static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executableName: String = ProcessInfo.processInfo.processName
    ) -> String {
        if let id = environment[environmentKey], !id.isEmpty { return id }
        return defaultPrefix + element(from: executableName)
    }

    /// `name` as one valid app id element: other characters become `_`, a leading digit gets a `_`.
    static func element(from name: String) -> String {
        var element = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            let allowed = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
            return allowed ? scalar : "_"
        }))
        if element.isEmpty { element = "unnamed" }
        if let first = element.unicodeScalars.first, ("0"..."9").contains(first) { element = "_" + element }
        return element
    }
}
