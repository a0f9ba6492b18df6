import Foundation

/// A process's resident memory now and at its peak, as `/proc/<pid>/status` says.
struct ProcessMemory: Sendable {
    /// VmRSS, in KiB.
    var residentKiB: Int
    /// VmHWM (the high-water mark of the resident set), in KiB.
    var peakKiB: Int

    /// Reads the process's status; nil when it is gone.
    init?(pid: pid_t) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .flatMap { Int($0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) }
        }
        guard let resident = field("VmRSS"), let peak = field("VmHWM") else { return nil }
        (residentKiB, peakKiB) = (resident, peak)
    }

    var residentMiB: Int { (residentKiB + 512) / 1024 }
    var peakMiB: Int { (peakKiB + 512) / 1024 }
}
