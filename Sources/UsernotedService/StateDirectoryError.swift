import Foundation

/// The state directory cannot hold the store: which one, why, and how to choose another.
public struct StateDirectoryError: Error, CustomStringConvertible {
    public let directory: String
    public let reason: String

    /// Why `error` (thrown while opening the store in `directory`) happened, in a line.
    init(_ directory: URL, _ error: any Error) {
        self.directory = directory.path
        let underlying = (error as? CocoaError)?.underlying.map { $0 as NSError }
        reason = if let underlying, underlying.domain == NSPOSIXErrorDomain {
            String(cString: strerror(Int32(underlying.code)))
        } else {
            "\(error)"
        }
    }

    public var description: String {
        "cannot keep state in \(directory): \(reason) (choose another with --state-dir or USERNOTED_STATE_DIR)"
    }
}
