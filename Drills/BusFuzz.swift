import DBus
import Foundation
import TestSupport

extension Drill {
    /// D6: random calls on the bus — real and made-up methods, wrong signatures, 10 MB
    /// strings, JSON nested 10 000 deep, invalid app ids, duplicate and reserved action ids.
    /// Every call is answered, with a named error when refused; the daemon stays up and its
    /// memory bounded.
    static let busFuzz = Drill(id: "D6", title: "bus fuzz") { scale in
        try await BusFuzz(calls: scale.pick(10_000, short: 1_000), huge: scale.pick(8, short: 2), deep: scale.pick(30, short: 6)).run()
    }
}

struct BusFuzz {
    /// What the daemon may use at its peak, in MiB (a 10 MB string is held a few times while it is refused).
    static let memoryBound = 512
    let calls: Int
    let huge: Int
    let deep: Int

    /// How a call was answered.
    enum Answer: Hashable {
        case accepted, namedError
        /// An error without a name of ours or the bus's: a finding.
        case unnamedError(String)
        /// No answer from the daemon (it died, or hung past the timeout): a finding.
        case unanswered(String)
    }

    func run() async throws -> Outcome {
        let rig = try await Rig(server: .fake)
        let seed = UInt64(ProcessInfo.processInfo.environment["DRILLS_SEED"] ?? "") ?? UInt64.random(in: 1...999_999)
        var generator = CallGenerator(random: SeededRandom(seed: seed))
        let connection = try await rig.bus.connect()
        var answers: [Answer: Int] = [:]
        var findings: [String] = []
        var crashes = 0
        var made = 0

        func record(_ batch: [Answer]) async throws {
            for answer in batch {
                answers[answer, default: 0] += 1
                switch answer {
                case .unnamedError(let what), .unanswered(let what): if findings.count < 3 { findings.append(what) }
                default: break
                }
            }
            if !rig.daemon.process.isRunning {
                crashes += 1
                let log = rig.daemon.process.log.split(separator: "\n")
                findings.append("daemon died: \(log.first { $0.contains("Fatal error") || $0.contains("crashed") || $0.contains("critical") } ?? log.last ?? "")")
                rig.crash()
                try await rig.start()
            }
        }

        // The hostile extremes first, one at a time: 10 MB strings, then 10 000-deep JSON.
        for _ in 0..<huge { try await record([await Self.send(generator.huge(), on: connection)]) }
        for _ in 0..<deep { try await record([await Self.send(generator.deep(), on: connection)]) }
        made = huge + deep
        // Then the random calls, 16 under way at once.
        while made < calls {
            let batch = (0..<min(256, calls - made)).map { _ in generator.next() }
            made += batch.count
            let results = await withTaskGroup(of: Answer.self) { group in
                var results: [Answer] = []
                for (index, message) in batch.enumerated() {
                    if index >= 16, let answer = await group.next() { results.append(answer) }
                    group.addTask { await Self.send(message, on: connection) }
                }
                for await answer in group { results.append(answer) }
                return results
            }
            try await record(results)
        }

        let responds = (try? await rig.call("GetPending", .string("org.example.Fuzz"))) != nil
        let alive = rig.daemon.process.isRunning && responds
        let memory = rig.memory
        let unnamed = answers.filter { if case .unnamedError = $0.key { true } else { false } }.values.reduce(0, +)
        let unanswered = answers.filter { if case .unanswered = $0.key { true } else { false } }.values.reduce(0, +)
        if !findings.isEmpty { FileHandle.standardError.write(Data("D6 (seed \(seed)): \(findings.joined(separator: "\n  "))\n".utf8)) }
        return Outcome(
            "\(made) calls (seed \(seed); \(huge) with 10 MB strings, \(deep) with JSON 10 000 deep or 513 unclosed): \(answers[.accepted] ?? 0) accepted, \(answers[.namedError] ?? 0) named errors, \(unnamed) unnamed, \(unanswered) unanswered; \(crashes) crashes, daemon \(alive ? "alive" : "gone"), peak RSS \(memory?.peakMiB ?? -1) MiB, RSS after \(memory?.residentMiB ?? -1) MiB",
            goals: [("every refusal named", unnamed == 0), ("every call answered", unanswered == 0), ("no crash", crashes == 0),
                    ("daemon alive", alive), ("peak RSS under \(Self.memoryBound) MiB", (memory?.peakMiB ?? .max) < Self.memoryBound)])
    }

    /// Sends one call and says how it was answered.
    private static func send(_ message: Message, on connection: Connection) async -> Answer {
        do {
            _ = try await connection.call(message, timeout: .seconds(30))
            return .accepted
        } catch let error as DBusError {
            let name = error.name.rawValue
            let fromTheBus: [DBusError.Name] = [.noReply, .timeout, .disconnected, .serviceUnknown, .nameHasNoOwner]
            if fromTheBus.contains(error.name) { return .unanswered("\(message.member ?? ""): \(error)") }
            if name.hasPrefix("io.github.usernoted.Error.") || name.hasPrefix("org.freedesktop.DBus.Error.") { return .namedError }
            return .unnamedError("\(message.member ?? ""): \(error)")
        } catch {
            return .unnamedError("\(message.member ?? ""): \(error)")
        }
    }
}
