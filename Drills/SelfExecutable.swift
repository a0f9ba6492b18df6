import Foundation

extension CommandLine {
    /// This program's own path, to start it again in another role.
    static var selfExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? arguments[0]
    }
}
