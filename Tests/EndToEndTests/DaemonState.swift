import Foundation
import GRDB
import TestSupport

extension DaemonProcess {
    /// Waits until the daemon's state holds the server's id of `count` notifications on screen.
    /// The id a `Notify` gets is written with the daemon's next write, or alone 10 ms later:
    /// killed before that, the daemon shows the notification a second time after its restart
    /// (docs/reliability.md). A test that kills it to check the takeover waits for this first.
    func serverIDsRecorded(_ count: Int) async throws {
        let path = home.appending(path: "state/usernoted/state.sqlite").path
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(path: path, configuration: configuration)
        try await withDeadline(.seconds(10), "the daemon recording the server's ids of \(count) notifications") {
            while try await database.read({ try Int.fetchOne($0, sql: "SELECT count(server_id) FROM delivered") }) != count {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}
