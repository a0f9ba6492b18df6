import ArgumentParser
import EventLoop
import LoopExecutor
import UsernotedService

#if canImport(Glibc)
import Glibc
#endif

/// `usernoted`: the per-user notification daemon, on the session bus.
@main
struct Usernoted: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usernoted",
        abstract: "Serve io.github.usernoted on the session bus: categories, scheduled notifications and responses.",
        discussion: "Stops on SIGTERM or SIGINT, or when the session bus goes away. Logs go to standard error. Refuses to serve the system bus.")

    @Option(help: ArgumentHelp(
        "Where to keep state (default: $USERNOTED_STATE_DIR, else $XDG_STATE_HOME/usernoted, else ~/.local/state/usernoted).",
        valueName: "directory"))
    var stateDir: String?

    @Option(help: ArgumentHelp(
        "Settings file (default: $XDG_CONFIG_HOME/usernoted/config.toml, else ~/.config/usernoted/config.toml; missing means defaults).",
        valueName: "file"))
    var config: String?

    /// A test aid, hidden from --help: scheduled time runs this many times as fast as real time.
    @Option(help: .hidden)
    var clockRate: String?

    /// The run these options ask for.
    var launch: DaemonLaunch { DaemonLaunch(stateDir: stateDir, config: config, clockRate: clockRate) }

    func validate() throws { try launch.validate() }

    /// The entry point, before any thread or task exists. SIGHUP, SIGTERM and SIGINT are blocked
    /// here, so in every thread, for the loop to read them (``ConfigReload``, ``StopSignals``;
    /// the programs usernoted runs start with none blocked). This thread runs the loop the bus
    /// connections run on (`LoopThread.runShared`), and every task runs there, so that
    /// libdispatch's worker pool, and the monitor that wakes it every second, never start.
    /// Then parses the command line and runs, on the loop: in a detached task, as one made
    /// here would start on the main actor, whose queue nothing serves. Started as the service
    /// starts it, with no arguments, it skips the parser (its reflection costs about 2 ms of a
    /// cold start) and starts opening the store first, on a thread of its own: the store is
    /// the longest part of a start, and that thread starts off this one's core when another
    /// is idle (`CPUPlacement`: the scheduler often started it here, and the loop, woken
    /// behind it, waited while the other core idled).
    static func main() {
        LoopSignals.block([SIGHUP, SIGTERM, SIGINT])
        LoopThread.runShared {
            useLoopAsDefaultExecutor()
            let service = CommandLine.arguments.count > 1 ? nil : Result {
                let launch = DaemonLaunch()
                try launch.validate()
                return (launch, try launch.open())
            }
            Task.detached {
                if let service {
                    do {
                        let (launch, opened) = try service.get()
                        try await launch.run(opened)
                    } catch {
                        exit(withError: error)
                    }
                } else {
                    await main(nil)
                }
                Self.exit()
            }
        }
    }

    func run() async throws { try await launch.run() }
}
