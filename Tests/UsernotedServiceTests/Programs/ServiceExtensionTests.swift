import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// A service extension as a real process: what it gets, and which of its endings give new content.
@Suite struct ServiceExtensionTests {
    let directory: URL
    let app = AppID.test("org.example.Chat")
    let request = NotificationRequest(
        identifier: "m-1", content: NotificationContent(title: "New message", userInfo: ["ciphertext": .string("c2VjcmV0")]))

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-extension") }

    func script(_ name: String, _ body: String) throws -> String {
        try writeScript(directory.appending(path: name).path, body)
    }

    @Test func itReadsTheRequestAndItsTimeAndPrintsTheNewContent() async throws {
        let out = directory.appending(path: "in").path
        let program = try script("decrypt", """
            cat > '\(out).json'
            echo "$USERNOTED_APP_ID $USERNOTED_REQUEST_ID $USERNOTED_EXTENSION_SECONDS" > '\(out).env'
            echo '{"title": "Anna", "body": "see you at 8"}'
            """)
        let result = await ServiceExtension.run(request, of: app, argv: [program], seconds: 30)
        #expect(try result.get() == NotificationContent(title: "Anna", body: "see you at 8"))
        #expect(try ModelJSON.decodeRequest(String(contentsOfFile: out + ".json", encoding: .utf8)) == request)
        #expect(try String(contentsOfFile: out + ".env", encoding: .utf8) == "org.example.Chat m-1 30\n")
    }

    @Test func aFailureSaysWhy() async throws {
        let cases: [(String, String, Double)] = [
            ("exit 1", "it ended with exited(1)", 30),
            ("echo not json", "what it printed is not a content object as Add takes it", 30),
            ("echo '{\"titel\": \"x\"}'", "unknown field 'titel'", 30),
            ("exec sleep 30", "it ran longer than 0.5 s (serviceExtensionSeconds) and was stopped", 0.5),
        ]
        for (index, (body, reason, seconds)) in cases.enumerated() {
            let program = try script("e\(index)", body)
            let start = ContinuousClock.now
            guard case .failure(let failure) = await ServiceExtension.run(request, of: app, argv: [program], seconds: seconds) else {
                Issue.record("\(body): succeeded")
                continue
            }
            #expect(failure.description.contains(reason), "\(body): \(failure)")
            // Stopped, not waited for: well before the 30 s `sleep` would end by itself (a
            // loaded machine took 15 s here once, so the bound leaves room).
            #expect(ContinuousClock.now - start < .seconds(25), "\(body)")
        }
    }

    @Test func aProgramThatIsGoneIsAFailure() async throws {
        guard case .failure(let failure) = await ServiceExtension.run(request, of: app, argv: ["/nonexistent/decrypt"], seconds: 30) else {
            Issue.record("succeeded")
            return
        }
        #expect(failure.description.contains("is no longer an executable file"))
    }
}
