import DBus
import Synchronization

/// An app's notification center: categories, requests, delivered notifications and the
/// delegate, all through usernoted on the session bus.
///
/// ``current()`` speaks for the app id in `USERNOTED_APP_ID`, or
/// `io.github.usernoted.app.<executable name>` when that is unset;
/// ``init(appID:)`` names one explicitly.
public final class UNUserNotificationCenter: Sendable {
    /// The desktop-style app id this center speaks for, e.g. `org.example.Calendar`.
    public let appID: String
    /// The session bus connection, opened at first use.
    let link: BusLink
    /// Orders every call the center makes.
    let calls = CallQueue()
    /// The delegate (weak, as on Apple platforms) and whether the handler is exported.
    let delegateState = Mutex(DelegateState())

    /// The process's shared center.
    private static let shared = UNUserNotificationCenter(appID: AppIdentity.resolve())

    /// A center that ``current()`` returns instead of the shared one, within a task (see ``withCurrent(_:operation:)``).
    @TaskLocal static var taskCurrent: UNUserNotificationCenter?

    /// The app's shared center (or the one set with ``withCurrent(_:operation:)`` for this task).
    public static func current() -> UNUserNotificationCenter { taskCurrent ?? shared }

    /// Runs `operation` with `center` as what ``current()`` returns in this task (for tests,
    /// and for running Apple-platform code against another bus or app id).
    public static func withCurrent<T>(
        _ center: UNUserNotificationCenter, operation: () async throws -> T
    ) async rethrows -> T {
        try await $taskCurrent.withValue(center, operation: operation)
    }

    /// A center for `appID` on the session bus (`DBUS_SESSION_BUS_ADDRESS`).
    public init(appID: String) {
        self.appID = appID
        link = BusLink()
    }

    /// A center for `appID` over `connection` (another bus, or a connection the app already has).
    public init(appID: String, connection: Connection) {
        self.appID = appID
        link = BusLink(connection)
    }

    /// The proxy of Center1 for this app.
    func proxy() async throws(UNError) -> CenterProxy {
        CenterProxy(connection: try await link.open(), appID: appID)
    }

    /// Enqueues a call whose result the caller awaits.
    func perform<T: Sendable>(_ body: @escaping @Sendable (CenterProxy) async throws -> T) async throws -> T {
        try await calls.enqueue { [self] in try await body(try await proxy()) }.value
    }

    /// Enqueues a call nobody awaits; a failure is written to standard error.
    func performDetached(_ what: String, _ body: @escaping @Sendable (CenterProxy) async throws -> Void) {
        calls.enqueue { [self] in
            do {
                try await body(try await proxy())
            } catch {
                Diagnostics.report(what, error)
            }
        }
    }

    /// Enqueues a call nobody awaits and hands its outcome to `completionHandler` (nil or the
    /// error); without a handler a failure is written to standard error. The process waits for
    /// both when it exits.
    func performReporting(
        _ what: String, to completionHandler: (@Sendable ((any Error)?) -> Void)?,
        _ body: @escaping @Sendable (CenterProxy) async throws -> Void
    ) {
        let call = calls.enqueue { [self] in try await body(try await proxy()) }
        ExitFlush.shared.begin()
        Task {
            defer { ExitFlush.shared.end() }
            do {
                try await call.value
                completionHandler?(nil)
            } catch {
                if let completionHandler { completionHandler(error) } else { Diagnostics.report(what, error) }
            }
        }
    }
}
