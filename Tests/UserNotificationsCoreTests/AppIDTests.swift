#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
import TestSupport
@testable import UserNotificationsCore

@Suite struct AppIDTests {
    @Test(arguments: [
        "org.example.Calendar", "io.github.usernoted", "a.b", "org.example.my-app", "_a._b",
        "com.example.App2", "org.example." + String(repeating: "x", count: 255 - 12),
    ])
    func accepts(text: String) throws {
        #expect(try AppID(validating: text).rawValue == text)
        #expect(AppID.isValid(text))
    }

    @Test(arguments: [
        ("", "it is empty"),
        ("calendar", "at least two elements"),
        ("org..example", "empty element"),
        (".org.example", "empty element"),
        ("org.example.", "empty element"),
        ("org.3example", "element '3example' starts with a digit"),
        ("org.example.Cal endar", "' ' is not allowed"),
        ("org.exämple.App", "is not allowed"),
        ("org/example/App", "is not allowed"),
        (":1.42", "is not allowed"),
        ("org.example." + String(repeating: "x", count: 255 - 11), "the limit is 255"),
    ])
    func rejects(text: String, reason: String) {
        expectModelError(.invalidAppId, mentions: [reason, "is not a valid app id"]) {
            _ = try AppID(validating: text)
        }
        #expect(!AppID.isValid(text))
    }

    @Test func theOnePassCheckAgreesWithTheRulesOneAtATime() {
        var random = SeededRandom(seed: 27)
        let alphabet = Array("aZ09._-/ é".unicodeScalars)
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...7, using: &random) { text.unicodeScalars.append(alphabet.randomElement(using: &random)!) }
            #expect(AppID.keepsTheRules(text) == (AppID.brokenRule(text) == nil), "\(text.debugDescription)")
        }
    }

    @Test func codesAsAPlainString() throws {
        let id = try AppID(validating: "org.example.Calendar")
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["org.example.Calendar"]"#)
        #expect(try JSONDecoder().decode([AppID].self, from: data) == [id])
        #expect(id.description == "org.example.Calendar")
    }

    @Test func decodingValidates() {
        expectModelError(.invalidAppId, mentions: ["appId", "'bad' is not a valid app id"]) {
            _ = try ModelJSON.decode([String: AppID].self, from: #"{"appId": "bad"}"#, root: "x")
        }
    }
}
