import Foundation
import Testing
import TestSupport

/// Examples/deploy-approval, run as its README says, against a real mosquitto and dunst: the
/// Approve click reaches the provider script.
@Suite(.serialized) struct DeployApprovalTests {
    static let directory = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../Examples/deploy-approval").standardized

    @Test func theApproveClickReachesTheProvider() async throws {
        let broker = try await Mosquitto()
        let config = try TemporaryDirectory.make(prefix: "usernoted-deploy").appending(path: "config.toml")
        try "[push]\nbroker = \"\(broker.url)\"\nuser = \"alice\"\n".write(to: config, atomically: true, encoding: .utf8)
        let scene = try await ExampleScene(daemonArguments: ["--config", config.path])
        try await scene.daemon.process.waitForLog(containing: "push: subscribed")
        let environment = ShellExampleTests.environment(scene)

        let desktop = try Command.run("/bin/sh", [Self.directory.appending(path: "desktop.sh").path], environment: environment)
        #expect(desktop.status == 0, "\(desktop.errors)")
        #expect(desktop.output.hasPrefix("usernoted/v1/devices/"))
        #expect(desktop.output.hasSuffix("/apps/org.example.Deploy\n"))

        let (provider, _) = try ManagedProcess.start(
            "/bin/sh", [Self.directory.appending(path: "provider.sh").path, broker.url, "alice", "42", "60s"], environment: environment)
        let (_, push) = try await scene.desktop.waitUntilShown("the push") { $0.summary == "Deploy build 42?" }
        #expect(push.body == "to production")
        try await provider.waitForLog(containing: "waiting for the answer")
        let menu = try await scene.desktop.openMenu(choosing: "APPROVE", of: push.id)
        #expect(menu.buttons(of: push.id) == ["Approve", "Reject"])
        try await provider.waitForLog(containing: "build 42 approved: deploying", within: .seconds(20))
        #expect(try await provider.exitStatus() == 0)
    }
}
