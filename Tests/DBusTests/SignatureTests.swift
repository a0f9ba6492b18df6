import Testing
@testable import DBus

@Suite struct SignatureTests {
    @Test(arguments: ["", "s", "sa{sv}as", "a(sia{s(ii)})", "aay", "a{oa{sa{sv}}}", "(yb)nqiuxtdsoghv"])
    func validSignaturesRoundTrip(_ text: String) throws {
        #expect(try Signature(parsing: text).description == text)
    }

    @Test func parsesNestedTypes() throws {
        let signature = try Signature(parsing: "sa{sv}(ias)")
        #expect(signature.types == [
            .string, .dictionary(key: .string, value: .variant), .structure([.int32, .array(.string)]),
        ])
    }

    @Test(arguments: [
        ("a", "ends in the middle"), ("a{vs}", "basic type"), ("()", "empty struct"), ("(ii", "unclosed"),
        ("a{sss}", "exactly two"), ("z", "unexpected 'z'"), ("{ss}", "unexpected '{'"),
    ])
    func invalidSignaturesSayWhy(_ text: String, _ reason: String) {
        #expect {
            try Signature(parsing: text)
        } throws: { error in
            let error = error as! DBusError
            return error.name == .invalidSignature && error.message.contains(reason) && error.message.contains(text)
        }
    }

    @Test func rejectsTooDeepNesting() {
        let deep = String(repeating: "a", count: 33) + "s"
        #expect(throws: DBusError.self) { try Signature(parsing: deep) }
        #expect(throws: Never.self) { try Signature(parsing: String(repeating: "a", count: 32) + "s") }
    }
}
