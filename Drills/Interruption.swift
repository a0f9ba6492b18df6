import Dispatch
import Foundation

/// Ctrl-C or a `kill` of the drills stops what they started — buses, notification servers,
/// daemons, broken handlers — which would otherwise outlive them (their cleanup runs only
/// when a drill ends normally).
enum Interruption {
    /// Starts watching SIGINT and SIGTERM; keep the returned sources for as long as the drills run.
    static func stopChildrenOnSignal() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)  // delivered to the source instead
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                for child in children() { kill(child, SIGTERM) }
                exit(128 + signalNumber)
            }
            source.resume()
            return source
        }
    }

    /// The process ids whose parent is this process, from `/proc/<pid>/stat`.
    private static func children() -> [pid_t] {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (comm)": state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == me ? pid : nil
        }
    }
}
