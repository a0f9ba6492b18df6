import Foundation
import MQTT
import Testing
import TestSupport

/// Examples/SecureChat, run as its README says, against a real mosquitto and dunst: the
/// decrypted message is on screen, and the user's answer to it goes back to the server, while
/// a subscriber on `#` at the broker, which gets every message the broker routes, never sees
/// its text.
@Suite(.serialized) struct SecureChatTests {
    static let app = "org.example.SecureChat"
    static let text = "Meet at 8, the usual place"

    @Test func anEncryptedPushShowsItsTextAndTheBrokerNeverCarriesIt() async throws {
        let broker = try await Mosquitto()
        let sniffer = try MQTTProbe(broker.url, id: "sniffer", subscriptions: ["#"])
        try await sniffer.connected()
        let config = try TemporaryDirectory.make(prefix: "usernoted-securechat").appending(path: "config.toml")
        try "[push]\nbroker = \"\(broker.url)\"\ndevice = \"desk-secure\"\nuser = \"alice\"\n".write(to: config, atomically: true, encoding: .utf8)
        let scene = try await ExampleScene(daemonArguments: ["--config", config.path])
        try await scene.daemon.process.waitForLog(containing: "push: subscribed")
        var environment = ShellExampleTests.environment(scene)
        let data = scene.bus.directory.appending(path: "app-data")
        environment["XDG_DATA_HOME"] = data.path

        // First run: the key pair, the extension set, the public key and the token printed.
        let setup = try Command.run(try ExampleScene.executable("SecureChat"), ["setup"], environment: environment)
        #expect(setup.status == 0, "\(setup.errors)")
        let lines = setup.output.split(separator: "\n").map(String.init)
        let publicKey = try #require(lines.first { $0.hasPrefix("public key: ") }).dropFirst("public key: ".count)
        #expect(lines.contains("token: usernoted/v1/devices/desk-secure/apps/\(Self.app)"))
        let keyFile = data.appending(path: "usernoted-examples/SecureChat/private-key").path
        #expect(try FileManager.default.attributesOfItem(atPath: keyFile)[.posixPermissions] as? Int == 0o600)

        // The sender seals the message for the public key; usernotectl publishes it.
        let send = try Command.run(
            try ExampleScene.executable("SecureChat"), ["send", "--to", String(publicKey), "--from", "Anna", Self.text],
            environment: environment)
        #expect(send.status == 0, "\(send.errors)")
        #expect(!send.output.contains(Self.text) && send.output.contains(#""mutable-content":1"#), "\(send.output)")
        let published = try Command.run(
            DaemonProcess.productsDirectory.appending(path: "usernotectl").path,
            ["remote", "send", "--broker", broker.url, "--app", Self.app, "--device", "desk-secure", "-"],
            environment: environment, input: send.output)
        #expect(published.status == 0, "\(published.errors)")

        let (_, shown) = try await scene.desktop.waitUntilShown("the decrypted message") { $0.summary == "Anna" }
        #expect(shown.body == Self.text)
        // The user opens it: the answer goes back through the broker, without the text.
        try scene.desktop.pick("default", of: shown.id)
        try await waitUntil("the answer at the broker") { sniffer.messages.pending.contains { $0.topic.hasSuffix("/responses") } }

        // A ciphertext the app's key cannot open: the extension exits 1, the placeholder is shown.
        let broken = #"{"aps": {"alert": {"title": "New message"}, "mutable-content": 1}, "ciphertext": "bm90IGEgbWVzc2FnZQ=="}"#
        let second = try Command.run(
            DaemonProcess.productsDirectory.appending(path: "usernotectl").path,
            ["remote", "send", "--broker", broker.url, "--app", Self.app, "--device", "desk-secure", "-"],
            environment: environment, input: broken)
        #expect(second.status == 0, "\(second.errors)")
        _ = try await scene.desktop.waitUntilShown("the placeholder") { $0.summary == "New message" }

        // Everything the broker routed (topics, payloads, user properties): the placeholder and
        // base64, never the text or the sender.
        let routed = sniffer.messages.pending
        let bytes = routed.map { message in
            message.topic + "\n" + String(decoding: message.payload, as: UTF8.self) + "\n"
                + message.userProperties.map { "\($0.name)=\($0.value)" }.joined(separator: "\n")
        }.joined(separator: "\n---\n")
        #expect(routed.count >= 3 && bytes.contains("New message") && bytes.contains("ciphertext"), "\(bytes)")
        #expect(bytes.contains(#""actionIdentifier":"default""#), "the answer: \(bytes)")
        for secret in ["Meet at 8", "usual place", "Anna"] {
            #expect(!bytes.contains(secret), "the broker carried \(secret): \(bytes)")
        }
        await sniffer.stop()
    }
}
