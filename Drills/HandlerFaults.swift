import DBus
import Foundation
import TestSupport

extension Drill {
    /// D4: an app's handler is absent, crashes in the middle of `DidReceive`, hangs past the
    /// call timeout, or answers with the wrong signature. Each response is kept, retried with
    /// bounded backoff, and delivered exactly once when a working handler takes the app's name;
    /// meanwhile another app's responses keep arriving.
    static let handlerFaults = Drill(id: "D4", title: "handler faults") { scale in
        try await HandlerFaults(
            perFault: scale.pick(5, short: 2), window: scale.pick(.seconds(5), short: .seconds(2.5)),
            steadyPerFault: scale.pick(10, short: 4)
        ).run()
    }
}

struct HandlerFaults {
    static let faulty = "org.example.Drills.Faulty"
    static let steady = "org.example.Drills.Steady"
    /// Responses to the faulty app in each fault.
    let perFault: Int
    /// How long each fault lasts before a working handler appears.
    let window: Duration
    /// Responses to the other app during each fault.
    let steadyPerFault: Int

    /// The faults, in order; nil is the absent handler (no process at all).
    static let faults: [FaultHandler.Fault?] = [nil, .crash, .hang, .wrongSignature]

    func run() async throws -> Outcome {
        let rig = try await Rig(server: .fake)
        for app in [Self.faulty, Self.steady] {
            try await rig.call("SetCategories", .string(app), .string(DrillApps.categories))
        }
        try await rig.handler(for: Self.faulty).quit()
        let steady = try await rig.handler(for: Self.steady)
        var quiet = Latencies()
        for index in 0..<steadyPerFault {
            if let latency = try await respond(rig, steady, id: "quiet-\(index)") { quiet.add(latency) }
        }

        var figures: [String] = []
        var goals: [(String, Bool)] = []
        var during = Latencies()
        var steadySent = 0
        for fault in Self.faults {
            let name = fault?.rawValue ?? "absent"
            let child = try fault.map { try startFaultHandler($0, bus: rig.bus) }
            let retriesBefore = retries(in: rig.daemon.process.log)
            var ids: Set<String> = []
            for index in 0..<perFault {
                let id = "\(name)-\(index)"
                ids.insert(id)
                try await click(rig, Self.faulty, id: id)
            }
            let start = ContinuousClock.now
            for index in 0..<steadyPerFault {
                steadySent += 1
                if let latency = try await respond(rig, steady, id: "\(name)-steady-\(index)") { during.add(latency) }
                try await Task.sleep(until: start + window * Double(index + 1) / Double(steadyPerFault))
            }
            let retried = retries(in: rig.daemon.process.log) - retriesBefore
            child?.stop()

            let appeared = ContinuousClock.now
            let working = try await Tally.owning(Self.faulty, on: rig.bus)
            let arrivals = await working.next(perFault, within: .seconds(20))
            _ = await working.extras(within: .seconds(1))
            working.quit()
            let delivered = working.requests(answered: "ACCEPT_ACTION").intersection(ids).count
            let delay = arrivals.count == perFault ? (arrivals.last!.at - appeared).ms : "never"
            figures.append("\(name) \(delivered)/\(perFault) delivered, \(working.duplicates) twice, \(delay) after a working handler appeared (\(retried) retries)")
            goals += [("\(name): all delivered", delivered == perFault), ("\(name): none twice", working.duplicates == 0)]
        }
        let steadyDelivered = during.samples.count
        figures.append("other app \(steadyDelivered)/\(steadySent) delivered meanwhile, p50 \(during.percentile(50).ms) max \(during.max.ms) (without faults p50 \(quiet.percentile(50).ms) max \(quiet.max.ms))")
        goals.append(("other app's responses all delivered during the faults", steadyDelivered == steadySent && steady.duplicates == 0))
        return Outcome(figures.joined(separator: "; "), goals: goals)
    }

    /// Posts a notification for `app` and has the user accept it.
    private func click(_ rig: Rig, _ app: String, id: String) async throws {
        try await rig.call("Add", .string(app), .string(DrillApps.meeting(id)))
        let shown = try await rig.fake!.notifyCalls.next(within: .seconds(10), "Notify of \(id)")
        try await rig.fake!.emitActionInvoked(id: shown.id, key: "ACCEPT_ACTION")
    }

    /// Clicks a notification of the steady app; returns how long its response took to arrive, nil if it did not within 10 s.
    private func respond(_ rig: Rig, _ handler: Tally, id: String) async throws -> Duration? {
        try await rig.call("Add", .string(Self.steady), .string(DrillApps.meeting(id)))
        let shown = try await rig.fake!.notifyCalls.next(within: .seconds(10), "Notify of \(id)")
        let clicked = ContinuousClock.now
        try await rig.fake!.emitActionInvoked(id: shown.id, key: "ACCEPT_ACTION")
        return await handler.next(1, within: .seconds(10)).first.map { $0.at - clicked }
    }

    /// Starts `usernoted-drills fault-handler` owning the faulty app's name; returns once it does.
    private func startFaultHandler(_ fault: FaultHandler.Fault, bus: PrivateBus) throws -> ManagedProcess {
        let (process, ready) = try ManagedProcess.start(
            CommandLine.selfExecutable,
            ["fault-handler", "--address", bus.address, "--app", Self.faulty, "--fault", fault.rawValue],
            readFirstLine: true)
        guard ready == "ready" else { throw TestSupportError("the \(fault) handler did not start: \(process.log)") }
        return process
    }

    /// How many times the daemon's log says it retried the faulty app's handler.
    private func retries(in log: String) -> Int {
        log.split(separator: "\n").filter { $0.contains("retrying") && $0.contains(Self.faulty) }.count
    }
}
