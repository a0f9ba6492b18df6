import MQTT
import Testing

@Suite struct BrokerAddressTests {
    @Test func readsTheSchemeHostAndPortWithTheirDefaults() throws {
        #expect(BrokerAddress(url: "mqtt://broker.example:1884") == BrokerAddress(host: "broker.example", port: 1884, tls: false))
        #expect(BrokerAddress(url: "mqtt://localhost") == BrokerAddress(host: "localhost", port: 1883, tls: false))
        #expect(BrokerAddress(url: "mqtts://broker.example") == BrokerAddress(host: "broker.example", port: 8883, tls: true))
        #expect(BrokerAddress(url: "mqtts://[::1]:9000") == BrokerAddress(host: "::1", port: 9000, tls: true))
        #expect(BrokerAddress(url: "mqtts://[::1]:9000")?.description == "mqtts://[::1]:9000")
    }

    @Test func refusesWhatIsNotABrokerURL() {
        for url in ["", "http://broker", "mqtt://", "mqtt://host:0", "mqtt://host:70000", "mqtt://host:x", "mqtt://user@host", "mqtt://host/path", "tcp://host:1883"] {
            #expect(BrokerAddress(url: url) == nil, "\(url)")
        }
    }

    @Test func loopbackIsLocalhostAnd127SlashEightAndColonColonOne() {
        for url in ["mqtt://localhost", "mqtt://127.0.0.1:1", "mqtt://127.1.2.3", "mqtt://[::1]"] {
            #expect(BrokerAddress(url: url)?.isLoopback == true, "\(url)")
        }
        for url in ["mqtt://broker.example", "mqtt://10.0.0.1", "mqtt://127.example.com", "mqtt://localhost.example"] {
            #expect(BrokerAddress(url: url)?.isLoopback == false, "\(url)")
        }
    }
}
