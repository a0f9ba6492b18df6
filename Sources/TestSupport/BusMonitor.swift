extension ManagedProcess {
    /// `dbus-monitor` on the bus at `address`, printing what `rule` matches, signals sent to
    /// one connection included (a monitor sees them, a match rule does not); returned once it
    /// monitors. What it saw is its ``log``.
    public static func busMonitor(_ address: String, _ rule: String) async throws -> ManagedProcess {
        let (monitor, _) = try start("dbus-monitor", ["--address", address, rule])
        do {
            try await monitor.waitForLog(containing: "NameLost")  // the bus took its name: it monitors
        } catch {
            monitor.stop()
            throw error
        }
        return monitor
    }
}
