import Foundation
import MQTT
import TestSupport

extension Drill {
    /// D7: one mosquitto and N daemons (each on its own bus with a fake notification server),
    /// all desktops of one user. A push to the user's topic is shown by each and each answers;
    /// in a second round the broker is killed (SIGKILL) and started again in the middle.
    static let fleet = Drill(id: "D7", title: "fleet") { scale in
        try await Fleet(count: scale.pick(200, short: 5)).run()
    }
}

struct Fleet {
    static let app = "org.example.Drills.Deploy"
    static let categories = #"[{"identifier": "DEPLOY", "actions": [{"identifier": "APPROVE", "title": "Approve"}]}]"#
    let count: Int

    func run() async throws -> Outcome {
        let broker = try await Mosquitto()
        var rigs: [Rig] = []
        for index in 0..<count {
            let rig = try await Rig(server: .fake, settings: Rig.settings + """

                [push]
                broker = "\(broker.url)"
                device = "fleet-\(index)"
                user = "fleet"
                """)
            try await rig.call("SetCategories", .string(Self.app), .string(Self.categories))
            rigs.append(rig)
        }
        for rig in rigs { try await rig.daemon.process.waitForLog(containing: "push: subscribed", within: .seconds(30)) }
        let provider = try MQTTProbe(broker.url, id: "fleet-provider", subscriptions: ["usernoted/v1/devices/+/apps/\(Self.app)/responses"])
        try await provider.connected()

        let first = try await round("round-1", rigs: rigs, provider: provider, broker: broker, killingTheBroker: false)
        let second = try await round("round-2", rigs: rigs, provider: provider, broker: broker, killingTheBroker: true)
        await provider.stop()
        return Outcome(
            "N = \(count): shown \(first.shown)/\(count), publish → Notify p50 \(first.latencies.percentile(50).ms) p99 \(first.latencies.percentile(99).ms), answers \(first.answered)/\(count); with the broker SIGKILLed and restarted mid-round: shown \(second.shown)/\(count), answers \(second.answered)/\(count)",
            goals: [("all shown", first.shown == count && second.shown == count),
                    ("p99 ≤ 1 s", first.latencies.percentile(99) <= .seconds(1)),
                    ("all answers arrive", first.answered == count && second.answered == count)])
    }

    /// Publishes one push to the user's topic, waits for it at each fake server, answers each, and counts the answers at the provider.
    private func round(
        _ id: String, rigs: [Rig], provider: MQTTProbe, broker: Mosquitto, killingTheBroker: Bool
    ) async throws -> (shown: Int, latencies: Latencies, answered: Int) {
        let payload = #"{"aps": {"alert": {"title": "Deploy \#(id)?"}, "category": "DEPLOY"}}"#
        let start = ContinuousClock.now
        try await provider.publish("usernoted/v1/users/fleet/apps/\(Self.app)", payload, properties: [UserProperty("apns-id", id)])
        if killingTheBroker {
            broker.kill()
            try await broker.start()
        }
        var latencies = Latencies()
        var shown: [(Rig, UInt32)] = []
        await withTaskGroup(of: (Int, UInt32?, Duration).self) { group in
            for (index, rig) in rigs.enumerated() {
                group.addTask {
                    let call = try? await rig.fake!.notifyCalls.next(within: .seconds(30), "the push")
                    return (index, call?.id, ContinuousClock.now - start)
                }
            }
            for await (index, serverID, latency) in group {
                guard let serverID else { continue }
                shown.append((rigs[index], serverID))
                latencies.add(latency)
            }
        }
        for (rig, serverID) in shown { try await rig.fake!.emitActionInvoked(id: serverID, key: "APPROVE") }
        var answers: Set<String> = []
        while answers.count < rigs.count {
            guard let message = try? await provider.message(within: .seconds(60)) else { break }
            guard let json = try? JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any],
                  json["apnsId"] as? String == id, let responseID = json["responseId"] as? String
            else { continue }
            answers.insert(responseID)
        }
        return (shown.count, latencies, answers.count)
    }
}
