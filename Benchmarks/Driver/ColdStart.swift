/// P7: usernoted's cold start until it owns its bus name, against bench-name-owner (a C
/// program that links libdbus and requests a name); alternating runs, median.
enum ColdStart {
    static func measure(_ rig: Rig, _ scale: Scale) async throws -> Figure {
        let state = try rig.directory("p7-state")
        var (ours, baseline) = ([Double](), [Double]())
        for run in 0..<(scale.processRuns + 1) {
            let (daemon, startup) = try await rig.startDaemon(state: state)
            daemon.stop()
            let (owner, floor) = try await Rig.startOwning(
                "org.usernoted.BenchOwner", on: rig.bus, rig.program("bench-name-owner"), ["org.usernoted.BenchOwner"],
                environment: rig.bus.environment)
            owner.stop()
            if run > 0 { ours.append(startup.milliseconds); baseline.append(floor.milliseconds) }  // run 0 creates the store
        }
        return Figure(
            key: "P7", measure: "cold start to name owned, median", ours: Samples(ours).median,
            baseline: Samples(baseline).median, unit: "ms", budget: .atMost(3), note: "\(ours.count) runs each")
    }
}
