import Dispatch
import Foundation
import Logging
import UsernotedService

#if canImport(Glibc)
import Glibc
#endif

/// Reads config.toml again on SIGHUP and hands it to the daemon; a file that does not load
/// is logged and the settings in force stay.
final class ConfigReload {
    private let source: any DispatchSourceSignal

    init(file: URL, daemon: Daemon, logger: Logger) {
        signal(SIGHUP, SIG_IGN)  // delivered to the source instead of ending the process
        source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: DispatchQueue(label: "usernoted.sighup"))
        source.setEventHandler {
            Task {
                do {
                    await daemon.reload(try Config.load(from: file))
                } catch {
                    logger.error("settings not reloaded; the previous ones stay: \(error)")
                }
            }
        }
        source.resume()
    }

    /// Stops listening for SIGHUP.
    func cancel() { source.cancel() }
}
