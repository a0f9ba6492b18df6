import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// Exec handlers as real processes: what they get, and how their ending counts.
@Suite struct ExecHandlerTests {
    let directory: URL

    init() throws { directory = try TemporaryDirectory.make(prefix: "usernoted-exec") }

    /// An executable script in the test directory.
    func script(_ name: String, _ body: String) throws -> String {
        try writeScript(directory.appending(path: name).path, body)
    }

    let response = NotificationResponse(
        appId: try! AppID(validating: "org.example.Build"), requestId: "build-7", actionIdentifier: "RETRY",
        userText: "again please", notification: NotificationRequest(
            identifier: "build-7",
            content: NotificationContent(title: "Build failed", userInfo: ["job": .string("ci-7")], categoryIdentifier: "BUILD")),
        date: Date(timeIntervalSince1970: 1_900_000_000), activationToken: nil)

    @Test func theResponseIsInTheEnvironmentAndOnStandardInputAndItsFirstLineIsTheDisposition() async throws {
        setenv("USERNOTED_TEST_SECRET", "must not leak", 1)
        let out = directory.appending(path: "out").path
        let handler = try script("handler", """
            env > '\(out).env'
            cat > '\(out).json'
            echo keep
            echo ignored
            """)
        let disposition = try await ExecHandler.deliver(response, argv: [handler, "--flag"], timeout: .seconds(10))
        #expect(disposition == "keep")
        let env = try String(contentsOfFile: out + ".env", encoding: .utf8)
        for line in ["USERNOTED_APP_ID=org.example.Build", "USERNOTED_REQUEST_ID=build-7", "USERNOTED_ACTION=RETRY",
                     "USERNOTED_USER_TEXT=again please", "USERNOTED_CATEGORY=BUILD", "USERNOTED_TITLE=Build failed",
                     #"USERNOTED_USER_INFO={"job":"ci-7"}"#] {
            #expect(env.contains(line + "\n"), "\(line)")
        }
        #expect(!env.contains("USERNOTED_TEST_SECRET"))
        let json = try String(contentsOfFile: out + ".json", encoding: .utf8)
        #expect(try ModelJSON.decodeResponse(json) == response)
    }

    @Test func argumentsAreNotInterpretedByAShell() async throws {
        let out = directory.appending(path: "args").path
        let handler = try script("args", #"printf '%s\n' "$@" > '\#(out)'"#)
        _ = try await ExecHandler.deliver(response, argv: [handler, "$HOME", "a b", ";", "*"], timeout: .seconds(10))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "$HOME\na b\n;\n*\n")
    }

    @Test func aHandlerThatPrintsTooMuchIsAFailureNotACrash() async throws {
        let chatty = try script("chatty", "head -c 200000 /dev/zero")
        await #expect(throws: (any Error).self) { try await ExecHandler.deliver(response, argv: [chatty], timeout: .seconds(10)) }
    }

    @Test func aFailingOrHangingHandlerDoesNotAcknowledge() async throws {
        let failing = try script("failing", "exit 3")
        await #expect { try await ExecHandler.deliver(response, argv: [failing], timeout: .seconds(10)) } throws: { error in
            "\(error)".contains("exited(3)")
        }
        let pidFile = directory.appending(path: "pid").path
        let hanging = try script("hanging", "echo $$ > '\(pidFile)'\nexec sleep 60")
        await #expect { try await ExecHandler.deliver(response, argv: [hanging], timeout: .milliseconds(300)) } throws: { error in
            "\(error)".contains("ran longer than")
        }
        let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        _ = try await withDeadline(.seconds(10), "the hanging handler to be stopped") {
            while kill(pid, 0) == 0 { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
    }

    @Test func argvIsCheckedWhenSet() throws {
        #expect(ExecHandler.problem(with: [])?.contains("argv is empty") == true)
        #expect(ExecHandler.problem(with: ["/nonexistent/handler"])?.contains("is not an executable file; give an absolute path") == true)
        #expect(ExecHandler.problem(with: ["no-such-program-here"])?.contains("in PATH") == true)
        #expect(ExecHandler.problem(with: [directory.path])?.contains("is not an executable file") == true)
        #expect(ExecHandler.problem(with: ["sh", "-c", "true"]) == nil)
    }
}
