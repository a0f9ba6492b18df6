import Foundation

/// The state directory cannot hold the store: which one, why, and how to choose another.
struct StateDirectoryError: Error, CustomStringConvertible {
    let directory: String
    let reason: String
    /// Whether the directory itself is unusable (not the database in it), so that another would do.
    let directoryUnusable: Bool

    /// Why `error` (thrown while opening the store in `directory`) happened, in a line.
    init(_ directory: URL, _ error: any Error) {
        self.directory = directory.path
        let underlying = (error as? CocoaError)?.underlying.map { $0 as NSError }
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            reason = String(cString: strerror(Int32(underlying.code)))
            directoryUnusable = true
        } else {
            reason = "\(error)"
            directoryUnusable = false
        }
    }

    var description: String {
        "cannot keep state in \(directory): \(reason)"
            + (directoryUnusable ? " (choose another with --state-dir or USERNOTED_STATE_DIR)" : "")
    }
}
