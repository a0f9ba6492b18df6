import DBus
import Testing
import UserNotificationsCore
@testable import UsernotedService

/// A GLib action target kept as JSON comes back as the very value the app sent.
@Suite struct VariantJSONTests {
    static let values: [Value] = [
        .string("anna"), .byte(255), .boolean(true), .int16(-7), .uint16(65535), .int32(-2_000_000_000),
        .uint32(4_000_000_000), .int64(.min), .uint64(.max), .double(1.5), .double(3), .objectPath("/org/example/Chat"),
        .signature("a{sv}"), .array(.string, []), .array(.int32, [.int32(1), .int32(2)]),
        .dictionary(key: .string, value: .variant, [DictionaryEntry(.string("k"), .variant(.uint32(1)))]),
        .dictionary(key: .int32, value: .string, [DictionaryEntry(.int32(4), .string("four"))]),
        .structure([.string("chat"), .int64(42), .array(.byte, [.byte(0), .byte(1)])]),
        .variant(.variant(.string("nested"))),
    ]

    @Test(arguments: values)
    func aValueComesBackWithItsType(_ value: Value) throws {
        let json = try #require(VariantJSON.encode(value))
        // Through text, as the store keeps it.
        let stored = try ModelJSON.decode([String: JSONValue].self, from: ModelJSON.encode(["target": json]), root: "userInfo")
        #expect(VariantJSON.decode(try #require(stored["target"])) == value)
    }

    @Test func aFileDescriptorCannotBeKept() {
        #expect(VariantJSON.encode(.unixFD(UnixFD(3))) == nil)
        #expect(VariantJSON.encode(.array(.unixFD, [.unixFD(UnixFD(3))])) == nil)
    }

    @Test func jsonItDidNotMakeIsNoValue() {
        #expect(VariantJSON.decode(.string("anna")) == nil)
        #expect(VariantJSON.decode(.object(["type": .string("u"), "value": .int(-1)])) == nil)
        #expect(VariantJSON.decode(.object(["type": .string("ss"), "value": .string("x")])) == nil)
        #expect(VariantJSON.decode(.object(["type": .string("(si)"), "value": .array([.string("x")])])) == nil)
    }
}
