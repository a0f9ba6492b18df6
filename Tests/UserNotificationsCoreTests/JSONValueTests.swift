#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import UserNotificationsCore

@Suite struct JSONValueTests {
    func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func integersBeyondDoublePrecisionStayExact() throws {
        let value = try decode("9007199254740993")
        #expect(value == .int(9_007_199_254_740_993))
        #expect(ModelJSON.encode(value) == "9007199254740993")
        #expect(try decode("[-9223372036854775808, 9223372036854775807]")
                == .array([.int(.min), .int(.max)]))
    }

    @Test func eachKindDecodesToItsCase() throws {
        let value = try decode(#"{"n": null, "t": true, "f": false, "i": -3, "d": 0.5, "s": "x/y", "a": [1, "2"], "o": {"k": {}}}"#)
        #expect(value == .object([
            "n": .null, "t": .bool(true), "f": .bool(false), "i": .int(-3), "d": .double(0.5),
            "s": .string("x/y"), "a": .array([.int(1), .string("2")]), "o": .object(["k": .object([:])]),
        ]))
    }

    @Test func roundTripIsLossless() throws {
        let value: JSONValue = ["big": .int(9_007_199_254_740_993), "pi": 3.14159, "tiny": 1e-300,
                                "huge": 1e300, "nested": [[], [:], nil, "é✓"], "neg": -1]
        #expect(try decode(ModelJSON.encode(value)) == value)
    }

    @Test func numbersOutsideInt64BecomeDoubles() throws {
        #expect(try decode("18446744073709551616") == .double(18_446_744_073_709_551_616))
        #expect(try decode("1.5") == .double(1.5))
    }

    @Test func wholeDoublesEqualIntegersAndHashAlike() throws {
        #expect(JSONValue.double(1) == .int(1))
        #expect(Set([JSONValue.double(2), .int(2)]).count == 1)
        #expect(try decode("1.0") == .int(1))
        #expect(JSONValue.double(1.5) != .int(1))
    }

    @Test func nonFiniteDoublesEncodeAsNull() {
        #expect(ModelJSON.encode(JSONValue.array([.double(.nan), .double(.infinity)])) == "[null,null]")
    }

    @Test func accessorsReadTheMatchingCase() {
        let value: JSONValue = ["s": "x", "i": 7, "d": 2.5, "b": true, "a": [1], "n": nil]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["i"]?.intValue == 7)
        #expect(value["d"]?.doubleValue == 2.5)
        #expect(value["i"]?.doubleValue == 7)
        #expect(value["b"]?.boolValue == true)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["n"]?.isNull == true)
        #expect(value["missing"] == nil)
        #expect(value["s"]?.intValue == nil)
    }
}
