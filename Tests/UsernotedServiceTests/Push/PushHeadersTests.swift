import Foundation
import MQTT
import Testing
@testable import UsernotedService

@Suite struct PushHeadersTests {
    func headers(_ properties: [(String, String)]) throws(PushHeaderError) -> PushHeaders {
        try PushHeaders(Message(topic: "t", payload: [], userProperties: properties.map { UserProperty($0.0, $0.1) }))
    }

    @Test func apnsHeadersAreReadFromUserProperties() throws {
        let read = try headers([("apns-id", "p1"), ("apns-collapse-id", "build"), ("apns-expiration", "2000000000"), ("apns-priority", "5")])
        #expect(read.id == "p1")
        #expect(read.collapseID == "build")
        #expect(read.expiration == Date(timeIntervalSince1970: 2_000_000_000))
        #expect(read.priority == 5)
        #expect(!read.hasExpired(at: Date(timeIntervalSince1970: 1_999_999_999)))
        #expect(read.hasExpired(at: Date(timeIntervalSince1970: 2_000_000_001)))
        let none = try headers([("apns-expiration", "0"), ("apns-id", "")])
        #expect(none.id == nil && none.expiration == nil && !none.hasExpired(at: .distantFuture))
        let alert = try headers([("apns-push-type", "alert")])
        #expect(!none.isBackground && !alert.isBackground)
        #expect(try headers([("apns-push-type", "background")]).isBackground)
    }

    @Test func aHeaderThatDoesNotReadIsNamed() {
        #expect(throws: PushHeaderError("apns-expiration: \"soon\" is not a UNIX time in seconds")) { try headers([("apns-expiration", "soon")]) }
        #expect(throws: PushHeaderError("apns-priority: \"3\" is not 10, 5 or 1")) { try headers([("apns-priority", "3")]) }
        #expect(throws: PushHeaderError.self) { try headers([("apns-collapse-id", String(repeating: "x", count: 65))]) }
        #expect(throws: PushHeaderError("apns-push-type: \"voip\" is not alert or background (the only kinds a desktop takes)")) {
            try headers([("apns-push-type", "voip")])
        }
    }
}
