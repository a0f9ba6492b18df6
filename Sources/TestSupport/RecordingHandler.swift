import DBus
import UsernotedAPI
import Synchronization
import UserNotificationsCore

/// An app's response handler for tests: serves `io.github.usernoted.Handler1` and
/// records every `DidReceive`, answering with the disposition the test chose.
public final class RecordingHandler: Sendable {
    public let connection: Connection
    public let path: ObjectPath
    /// Every response received, decoded.
    public let responses = Inbox<NotificationResponse>()
    /// The raw JSON of every response received.
    public let rawResponses = Inbox<String>()
    /// Every `DidReceive` call, failed ones included: the request id of each.
    public let calls = Inbox<String>()
    private let disposition: Answer

    /// Serves the handler at `path` on `connection`, answering `disposition`.
    public init(connection: Connection, path: ObjectPath = "/org/example/Handler", disposition: String = "dismiss") {
        self.connection = connection
        self.path = path
        self.disposition = Answer(disposition)
        let responses = responses
        let raw = rawResponses
        let calls = calls
        let answer = self.disposition
        connection.export([Interface(Handler1.interface, methods: [
            Method(Handler1.didReceive) { _, json in
                calls.put((try? ModelJSON.decodeResponse(json))?.requestId ?? "")
                if answer.failures.withLock({ failures in
                    defer { failures = max(0, failures - 1) }
                    return failures > 0
                }) {
                    throw DBusError(.failed, "not ready yet (a test handler failing on purpose)")
                }
                raw.put(json)
                responses.put(try ModelJSON.decodeResponse(json))
                return answer.value.withLock { $0 }
            },
        ])], at: path)
    }

    /// Changes what the next `DidReceive` answers.
    public func answer(_ disposition: String) { self.disposition.value.withLock { $0 = disposition } }

    /// Makes the next `count` calls fail with a D-Bus error, as a handler that is not ready.
    public func fail(next count: Int) { disposition.failures.withLock { $0 = count } }
}

/// The disposition a handler answers, shared with its method handler.
private final class Answer: Sendable {
    let value: Mutex<String>
    let failures = Mutex(0)
    init(_ value: String) { self.value = Mutex(value) }
}
