import Foundation
import MQTT
import Testing
import TestSupport
@testable import UsernotedService

/// The `[push]` table as a user writes it.
@Suite struct PushPolicyTests {
    func load(_ text: String) throws(ConfigError) -> PushPolicy {
        let file = try! TemporaryDirectory.make(prefix: "usernoted-config").appending(path: "config.toml")
        try! text.write(to: file, atomically: true, encoding: .utf8)
        return try Config.load(from: file.path).push
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.problem
        }
    }

    @Test func pushIsOffUnlessABrokerIsSet() throws {
        #expect(try load("").enabled == false)
        #expect(try load("[push]\ndevice = \"desk\"").enabled == false)
        let on = try load("[push]\nbroker = \"mqtt://localhost\"\nuser = \"alice\"\nkeepAliveSeconds = 30\nprivateApps = [\"org.example.Chat\"]")
        #expect(on.broker == BrokerAddress(host: "localhost", port: 1883, tls: false))
        #expect(on.user == "alice")
        #expect(on.keepAliveSeconds == 30)
        #expect(on.privateApps == ["org.example.Chat"])
    }

    @Test func aBrokerOffThisMachineMustBeTLSUnlessInsecureIsAllowed() throws {
        let refused = try #require(problem("[push]\nbroker = \"mqtt://broker.example\""))
        #expect(refused.hasPrefix("push.broker: mqtt://broker.example:1883 is not on this machine and not TLS"))
        #expect(refused.contains("allowInsecure = true"))
        #expect(try load("[push]\nbroker = \"mqtt://broker.example\"\nallowInsecure = true").broker?.host == "broker.example")
        #expect(try load("[push]\nbroker = \"mqtts://broker.example\"").broker?.tls == true)
        #expect(try load("[push]\nbroker = \"mqtt://127.0.0.1:1884\"").broker?.port == 1884)
    }

    @Test func badValuesAreNamed() {
        #expect(problem("[push]\nbroker = \"http://x\"")?.hasPrefix("push.broker: \"http://x\" is not mqtt://") == true)
        #expect(problem("[push]\nbroker = \"mqtts://b\"\ncertFile = \"/c\"") == "push.certFile and keyFile: give both or neither")
        #expect(problem("[push]\nbroker = \"mqtt://localhost\"\ncertFile = \"/c\"\nkeyFile = \"/k\"")?.hasPrefix("push.certFile: a client certificate needs an mqtts:// broker") == true)
        #expect(problem("[push]\nkeepAliveSeconds = 1") == "push.keepAliveSeconds: must be 5 to 65535")
        #expect(problem("[push]\ndevice = \"a/b\"")?.hasPrefix("push.device: \"a/b\" cannot be part of a topic") == true)
        #expect(problem("[push]\nuser = \"#\"")?.hasPrefix("push.user: \"#\" cannot be part of a topic") == true)
        #expect(problem("[push]\nbrokr = \"mqtt://localhost\"")?.hasPrefix("unknown key 'brokr' in [push]") == true)
    }
}
