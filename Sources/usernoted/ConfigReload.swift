import EventLoop
import Foundation
import Logging
import UsernotedService

#if canImport(Glibc)
import Glibc
#endif

/// Reads config.toml again on SIGHUP and hands it to the daemon; a file that does not load
/// is logged and the settings in force stay. The signal is read on the loop, from a
/// signalfd: `main` blocks it in every thread before any starts (``Usernoted/main()``).
final class ConfigReload {
    private let watch: LoopWatch

    init(file: String, daemon: Daemon, logger: Logger, loop: LoopThread = .shared) {
        watch = loop.watch(signal: SIGHUP) {
            Task {
                do {
                    await daemon.reload(try Config.load(from: file))
                } catch {
                    logger.error("settings not reloaded; the previous ones stay: \(error)")
                }
            }
        }
    }

    /// Stops reading SIGHUP (it stays blocked: one sent later is not acted on).
    func cancel() { watch.cancel() }
}
