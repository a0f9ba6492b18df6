import Foundation

/// What `/proc` tells about a running process: its resident memory and its threads' context switches.
enum ProcessProbe {
    /// One thread's name and context switches so far.
    struct ThreadSwitches: Sendable {
        var name: String
        var voluntary: Int
        var involuntary: Int
    }

    /// `VmRSS` of `pid`, in bytes.
    static func residentBytes(of pid: pid_t) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ")[1])
        else { throw BenchError("no VmRSS in /proc/\(pid)/status") }
        return kilobytes * 1024
    }

    /// Every thread of `pid`, by thread id.
    static func threads(of pid: pid_t) throws -> [Int: ThreadSwitches] {
        var result: [Int: ThreadSwitches] = [:]
        for tid in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            guard let id = Int(tid),
                  let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/status", encoding: .utf8)
            else { continue }
            var thread = ThreadSwitches(name: "?", voluntary: 0, involuntary: 0)
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "Name": thread.name = parts[1]
                case "voluntary_ctxt_switches": thread.voluntary = Int(parts[1]) ?? 0
                case "nonvoluntary_ctxt_switches": thread.involuntary = Int(parts[1]) ?? 0
                default: break
                }
            }
            result[id] = thread
        }
        return result
    }
}
