import Foundation

/// What `/proc` tells about a running process: its resident memory and its threads' context switches.
public enum ProcessProbe {
    /// One thread's name and context switches so far.
    public struct ThreadSwitches: Sendable {
        public var name: String
        public var voluntary: Int
        public var involuntary: Int
    }

    /// A thread that woke between two readings: its id, name and how many times it was switched in.
    public struct Wakeups: Sendable {
        public var thread: Int
        public var name: String
        public var count: Int
    }

    /// `VmRSS` of `pid`, in bytes.
    public static func residentBytes(of pid: pid_t) throws -> Double {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ")[1])
        else { throw TestSupportError("no VmRSS in /proc/\(pid)/status") }
        return kilobytes * 1024
    }

    /// The CPU time `pid` has used so far (user and system), in seconds.
    public static func cpuSeconds(of pid: pid_t) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // After the command, which is in parentheses and may hold spaces: utime and stime are
        // the 12th and 13th fields.
        guard let end = stat.lastIndex(of: ")") else { throw TestSupportError("cannot read /proc/\(pid)/stat") }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
            throw TestSupportError("no CPU times in /proc/\(pid)/stat")
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Every thread of `pid`, by thread id.
    public static func threads(of pid: pid_t) throws -> [Int: ThreadSwitches] {
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

    /// The threads alive at `after` that were switched in since `before` (a thread that started
    /// in between counts from zero), by thread id.
    public static func wakeups(from before: [Int: ThreadSwitches], to after: [Int: ThreadSwitches]) -> [Wakeups] {
        after.sorted { $0.key < $1.key }.compactMap { tid, thread in
            let old = before[tid] ?? ThreadSwitches(name: thread.name, voluntary: 0, involuntary: 0)
            let count = thread.voluntary - old.voluntary + thread.involuntary - old.involuntary
            return count > 0 ? Wakeups(thread: tid, name: thread.name, count: count) : nil
        }
    }
}
