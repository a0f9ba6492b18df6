import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// `wait` and `monitor`: a script waiting for the user.
extension UsernotectlTests {
    @Test func waitPrintsThePickedActionOfItsRequestOnly() async throws {
        let scene = try await Scene(registerHandler: false)
        let observed = try await responseActions(scene)
        let invite = try usernotectl(scene, "post", "--app", Self.app, "Invite", "--category", "MEETING_INVITATION", "--id", "invite")
        let lunch = try usernotectl(scene, "post", "--app", Self.app, "Lunch", "--category", "REMINDER", "--id", "lunch")
        #expect(invite.succeeded && lunch.succeeded, "\(invite.errors) \(lunch.errors)")
        try await scene.expectDisplayed(2)

        let (wait, output) = try start(scene, "wait", "--app", Self.app, "--request", "invite", "--timeout", "30s")
        defer { try? FileManager.default.removeItem(at: output) }
        try await wait.waitForLog(containing: "waiting for a response of \(Self.app) to invite")

        try scene.desktop.pick("SNOOZE_ACTION")  // another request's response: not the one waited for
        #expect(try await observed.next(within: .seconds(10), "the SNOOZE response") == "SNOOZE_ACTION")
        #expect(wait.isRunning)
        try scene.desktop.pick("DECLINE_ACTION")
        #expect(try await wait.exitStatus() == 0, "\(wait.log)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "DECLINE_ACTION\n")
    }

    /// usernotectl's tasks, its timeout and its bus connection all run on the loop of its main
    /// thread: waiting, it is that one thread (libdispatch's pool started five for a `post`).
    @Test func aWaitingUsernotectlIsOneThreadAndStillSeesItsResponse() async throws {
        let scene = try await Scene(registerHandler: false)
        let (wait, output) = try start(scene, "wait", "--app", Self.app, "--timeout", "30s")
        defer { try? FileManager.default.removeItem(at: output) }
        try await wait.waitForLog(containing: "waiting for a response of \(Self.app)")
        let threads = try ProcessProbe.threads(of: wait.pid)
        #expect(threads.count == 1, "threads: \(threads.values.map(\.name).sorted())")
        let post = try usernotectl(scene, "post", "--app", Self.app, "Invite", "--category", "MEETING_INVITATION")
        #expect(post.succeeded, "\(post.errors)")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("ACCEPT_ACTION")
        #expect(try await wait.exitStatus() == 0, "\(wait.log)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "ACCEPT_ACTION\n")
    }

    @Test func waitJSONIsTheWholeResponse() async throws {
        let scene = try await Scene(registerHandler: false)
        let (wait, output) = try start(scene, "wait", "--app", Self.app, "--json")
        defer { try? FileManager.default.removeItem(at: output) }
        try await wait.waitForLog(containing: "waiting for a response of \(Self.app)")
        let post = try usernotectl(scene, "post", "--app", Self.app, "Invite", "--category", "MEETING_INVITATION",
                                   "--user-info", "MEETING_ID=42")
        let requestID = post.output.trimmingCharacters(in: .newlines)
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("ACCEPT_ACTION")
        #expect(try await wait.exitStatus() == 0, "\(wait.log)")
        let lines = try lines(of: output)
        #expect(lines.count == 1)
        let response = try ModelJSON.decodeResponse(try #require(lines.first))
        #expect(response.actionIdentifier == "ACCEPT_ACTION" && response.requestId == requestID)
        #expect(response.notification.content.userInfo == ["MEETING_ID": .string("42")])
    }

    @Test func waitTimesOutWithItsOwnExitStatus() async throws {
        let scene = try await Scene(registerHandler: false)
        let wait = try usernotectl(scene, "wait", "--app", Self.app, "--timeout", "0.5s", "--quiet")
        #expect(wait.status == 124)
        #expect(wait.output.isEmpty)
        #expect(wait.errors == "usernotectl: no response within 0.5s\n")
    }

    @Test func monitorPrintsOneLinePerResponse() async throws {
        let scene = try await Scene(registerHandler: false)
        let observed = try await responseActions(scene)
        let (text, textOutput) = try start(scene, "monitor", "--count", "2")
        let (json, jsonOutput) = try start(scene, "monitor", "--app", Self.app, "--count", "2", "--json")
        defer { [textOutput, jsonOutput].forEach { try? FileManager.default.removeItem(at: $0) } }
        try await text.waitForLog(containing: "monitoring responses (Ctrl-C to stop)")
        try await json.waitForLog(containing: "monitoring responses of \(Self.app)")

        _ = try usernotectl(scene, "post", "--app", Self.app, "Invite", "--category", "MEETING_INVITATION", "--id", "invite")
        _ = try usernotectl(scene, "post", "--app", Self.app, "Lunch", "--category", "REMINDER", "--id", "lunch")
        try await scene.expectDisplayed(2)
        try scene.desktop.pick("ACCEPT_ACTION")
        #expect(try await observed.next(within: .seconds(10), "the ACCEPT response") == "ACCEPT_ACTION")
        try scene.desktop.pick("SNOOZE_ACTION")
        let seen = { "\((try? lines(of: textOutput)) ?? []) \((try? lines(of: jsonOutput)) ?? [])" }
        #expect(try await text.exitStatus() == 0, "\(text.log) \(seen())")
        #expect(try await json.exitStatus() == 0, "\(json.log) \(seen())")

        #expect(try lines(of: textOutput) == ["\(Self.app)\tinvite\tACCEPT_ACTION", "\(Self.app)\tlunch\tSNOOZE_ACTION"])
        let responses = try lines(of: jsonOutput).map { try ModelJSON.decodeResponse($0) }
        #expect(responses.map(\.actionIdentifier) == ["ACCEPT_ACTION", "SNOOZE_ACTION"])
        #expect(responses.map(\.requestId) == ["invite", "lunch"])
    }

    // MARK: respond
}
