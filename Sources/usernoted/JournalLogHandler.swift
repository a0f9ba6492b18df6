import Foundation
import Logging

/// Log lines on standard error with the syslog priority prefix (`<6>` for info …) that
/// journald reads from a service's stream, used when systemd runs usernoted
/// (`JOURNAL_STREAM` is set); the journal adds the time and the unit itself.
struct JournalLogHandler: LogHandler {
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The sd-daemon(3) priority of a level.
    static func priority(of level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let fields = all.isEmpty ? "" : " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        FileHandle.standardError.write(Data("<\(Self.priority(of: event.level))>\(event.message)\(fields)\n".utf8))
    }
}
