/// Where failures of calls that have no way to report them (Apple's non-throwing API) go: standard error.
enum Diagnostics {
    /// Writes `UserNotifications: <what>: <error>` to standard error.
    static func report(_ what: String, _ error: any Error) {
        FileHandle.standardError.write(Data("UserNotifications: \(what): \(error)\n".utf8))
    }
}
