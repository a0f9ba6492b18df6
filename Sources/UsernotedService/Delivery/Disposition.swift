import Logging

/// A handler's answer to `DidReceive`.
enum Disposition: String {
    case dismiss, keep, forward

    /// Reads the answer; empty means `dismiss`, and so does anything unknown (logged).
    init(_ text: String, logger: Logger) {
        if text.isEmpty { self = .dismiss; return }
        guard let known = Disposition(rawValue: text) else {
            let shown = text.count > 80 ? text.prefix(80) + "…" : Substring(text)  // a handler may answer anything, at length
            logger.warning("unknown disposition from handler; dismissing", metadata: ["disposition": "\(shown)"])
            self = .dismiss
            return
        }
        self = known
    }
}
