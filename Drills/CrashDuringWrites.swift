import DBus
import Foundation
import TestSupport
import UserNotificationsCore

extension Drill {
    /// D3: the daemon is killed (SIGKILL) at a random moment while apps `Add`, `RemovePending`
    /// and `SetCategories`, again and again. After every restart the database passes
    /// `PRAGMA integrity_check`, and every call that got a reply before the kill is in the
    /// state the new daemon serves: replied Adds are pending, replied removals are gone, the
    /// categories are the last replied set (or one sent after it whose reply the kill took).
    static let crashDuringWrites = Drill(id: "D3", title: "crash during writes") { scale in
        try await CrashDuringWrites(kills: scale.pick(1_000, short: 20)).run()
    }
}

struct CrashDuringWrites {
    static let app = "org.example.Drills.Writes"
    let kills: Int

    func run() async throws -> Outcome {
        let rig = try await Rig(server: .none)
        let model = SharedModel()
        var survived = 0
        var replied = 0
        var firstFailure: String?
        for cycle in 0..<kills {
            model.state.withLock { $0.startCycle() }
            let writers = Task { await Self.write(cycle: cycle, to: rig.center, model: model) }
            try await Task.sleep(for: .microseconds(Int.random(in: 0...100_000)))
            rig.crash()
            await writers.value
            do {
                try await rig.start()
            } catch {
                firstFailure = firstFailure ?? "kill \(cycle + 1): the daemon did not start again: \(error)"
                break
            }
            let integrity = (try? StateDatabase.integrity(of: rig.stateFile)) ?? "cannot open the database"
            let pending = Set(try ModelJSON.decodeRequests(try await rig.call("GetPending", .string(Self.app)) ?? "[]")
                .map(\.identifier))
            let categories = try ModelJSON.decodeCategories(
                try await rig.call("GetCategories", .string(Self.app)) ?? "[]", limits: nil).first?.identifier
            let problem = model.state.withLock { $0.check(pending: pending, categories: categories) }
            replied += model.state.withLock { $0.repliedThisCycle }
            if integrity == "ok", problem == nil {
                survived += 1
            } else if firstFailure == nil {
                firstFailure = "kill \(cycle + 1): integrity \(integrity)\(problem.map { "; \($0)" } ?? "")"
            }
        }
        if let firstFailure { FileHandle.standardError.write(Data("D3: \(firstFailure)\n".utf8)) }
        return Outcome(
            "\(survived)/\(kills) kills survived (\(replied) calls replied before the kills; survived: after the restart integrity_check says ok and every replied call is in the state)",
            goals: [("every kill survived", survived == kills)])
    }

    /// Three apps' worth of writes, each waiting for its reply before the next, until the daemon is gone.
    private static func write(cycle: Int, to center: Proxy, model: SharedModel) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {  // new requests, scheduled for tomorrow
                for index in 0... {
                    let id = "c\(cycle)-\(index)"
                    let outcome = await Self.outcome { try await center.call("Add", [.string(app), .string(DrillApps.scheduled(id))]) }
                    model.state.withLock { $0.add(id, outcome) }
                    if outcome == .unknown { return }
                }
            }
            group.addTask {  // removals of some of what is pending
                while true {
                    let ids = model.state.withLock { $0.removable(upTo: 3) }
                    let outcome = await Self.outcome { try await center.call("RemovePending", [.string(app), .array(.string, ids.map(Value.string))]) }
                    model.state.withLock { $0.remove(ids, outcome) }
                    if outcome == .unknown { return }
                }
            }
            group.addTask {  // the app's categories, replaced
                while true {
                    let generation = model.state.withLock { $0.nextGeneration() }
                    let json = #"[{"identifier": "GEN-\#(generation)", "actions": [{"identifier": "A", "title": "A"}]}]"#
                    let outcome = await Self.outcome { try await center.call("SetCategories", [.string(app), .string(json)]) }
                    model.state.withLock { $0.setCategories("GEN-\(generation)", outcome) }
                    if outcome == .unknown { return }
                }
            }
        }
    }

    /// How a call ended: a reply (success or a named refusal), or no reply (the kill).
    private static func outcome(_ call: () async throws -> [Value]) async -> CallOutcome {
        do {
            _ = try await call()
            return .applied
        } catch let error as DBusError where error.name.rawValue.hasPrefix("io.github.usernoted.Error.") {
            return .refused
        } catch {
            return .unknown
        }
    }
}
