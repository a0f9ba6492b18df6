import Logging
import Synchronization

/// A log handler that keeps every message, so a test can read what the daemon told the user.
public final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    public init() {}

    /// A logger writing here.
    public func logger(label: String = "test") -> Logger {
        Logger(label: label) { _ in Handler(recorder: self) }
    }

    /// Every message so far, `level: message`.
    public var messages: [String] { lines.withLock { $0 } }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            recorder.append("\(event.level): \(event.message)")
        }
    }
}
