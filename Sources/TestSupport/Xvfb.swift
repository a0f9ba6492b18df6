import Foundation

/// Xvfb, the X server without a screen that the desktops of the end-to-end tests run on.
public enum Xvfb {
    /// Starts one with a `screen`-sized 24-bit screen (e.g. `1280x1024`) on a free display;
    /// the process and its display, e.g. `:3`.
    public static func start(screen: String) throws -> (process: ManagedProcess, display: String) {
        let (xvfb, number) = try ManagedProcess.start(
            "Xvfb", ["-displayfd", "1", "-screen", "0", "\(screen)x24", "-nolisten", "tcp"], readFirstLine: true)
        guard let number, !number.isEmpty else { throw TestSupportError("Xvfb did not start: \(xvfb.log)") }
        return (xvfb, ":\(number)")
    }
}
