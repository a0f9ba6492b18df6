import ArgumentParser
import Foundation

/// `usernoted-drills`: breaks the built usernoted on a private bus in the ways a desktop
/// session does — a notification server killed, the daemon killed, handlers that crash or
/// hang, an app that floods, garbage on the bus — and prints one line of figures per drill.
/// Exits 1 when a drill misses a goal (a lost or doubled response, a damaged database, a
/// crash); timings are figures, never goals.
@main
struct UsernotedDrills: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "usernoted-drills",
        abstract: "Reliability drills against the built usernoted (make drills).",
        subcommands: [RunDrills.self, FaultHandler.self, Flooder.self],
        defaultSubcommand: RunDrills.self)
}

/// Runs the drills and prints their lines.
struct RunDrills: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Runs the drills (all by default), one line of figures each.")

    @Flag(help: "The short version, as CI runs it: fewer notifications, kills and calls.")
    var short = false

    @Argument(help: "Drills to run, by id: \(Drill.all.map(\.id).joined(separator: " ")) (default: all).")
    var ids: [String] = []

    func validate() throws {
        let unknown = ids.filter { id in !Drill.all.contains { $0.id.caseInsensitiveCompare(id) == .orderedSame } }
        guard unknown.isEmpty else {
            throw ValidationError("no drill \(unknown.joined(separator: ", ")); known: \(Drill.all.map(\.id).joined(separator: ", "))")
        }
    }

    func run() async throws {
        let selected = ids.isEmpty ? Drill.all : Drill.all.filter { drill in
            ids.contains { $0.caseInsensitiveCompare(drill.id) == .orderedSame }
        }
        let interruption = Interruption.stopChildrenOnSignal()
        defer { withExtendedLifetime(interruption) {} }
        var missed = false
        for drill in selected {
            let outcome: Outcome
            do {
                outcome = try await drill.run(short ? .short : .full)
            } catch {
                outcome = Outcome("did not finish: \(error)", goals: [("finishes", false)])
            }
            print("\(drill.id) \(drill.title): \(outcome.line)")
            fflush(nil)
            missed = missed || !outcome.passed
        }
        if missed { throw ExitCode.failure }
    }
}
