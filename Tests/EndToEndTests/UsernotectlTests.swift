import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// A terminal user's view: the built `usernotectl` against the daemon, answered through dunst.
@Suite(.serialized) struct UsernotectlTests {
    static let binary = DaemonProcess.productsDirectory.appending(path: "usernotectl").path
    static let app = Scene.appID

    func usernotectl(_ scene: Scene, _ arguments: String..., input: String? = nil) throws -> CommandResult {
        try Command.run(Self.binary, arguments, environment: scene.desktop.environment, input: input)
    }

    /// Starts `usernotectl arguments…` in the background with its standard output going to a file.
    func start(_ scene: Scene, _ arguments: String...) throws -> (ManagedProcess, URL) {
        let output = TemporaryDirectory.root.appending(path: "usernotectl-out-\(UUID().uuidString)")
        let (process, _) = try ManagedProcess.start(
            Self.binary, arguments, environment: scene.desktop.environment, standardOutput: output)
        return (process, output)
    }

    /// The lines a background `usernotectl` printed.
    func lines(of output: URL) throws -> [String] {
        try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// A JSON file with `text` in a fresh directory.
    func file(_ text: String, named name: String = "input.json") throws -> URL {
        let url = try TemporaryDirectory.make(prefix: "usernotectl-test").appending(path: name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `pending|delivered list --json`, decoded.
    func requests(_ scene: Scene, _ shelf: String) throws -> [NotificationRequest] {
        let list = try usernotectl(scene, shelf, "list", "--app", Self.app, "--json")
        #expect(list.succeeded, "\(list.errors)")
        return try ModelJSON.decodeRequests(list.output)
    }

    /// The `Response` signals the daemon sends the test's own observer, subscribed to every app.
    func responseActions(_ scene: Scene) async throws -> Inbox<String> {
        let signals = try await scene.center.subscribeToResponses(of: "")
        let actions = Inbox<String>()
        Task { for await signal in signals { actions.put(signal.body[2].as(String.self) ?? "") } }
        return actions
    }

    // MARK: categories

    @Test func categoriesSetFromAFileOrStandardInputAndListed() async throws {
        let scene = try await Scene(registerHandler: false)
        let other = "org.example.Other"
        let set = try usernotectl(scene, "categories", "set", "--app", other, try file(Scene.meetingCategories).path)
        #expect(set.succeeded && set.output.isEmpty, "\(set.errors)")

        let list = try usernotectl(scene, "categories", "list", "--app", other)
        #expect(list.succeeded, "\(list.errors)")
        #expect(list.output.split(separator: "\n") == [
            "MEETING_INVITATION  Accept (ACCEPT_ACTION), Decline (DECLINE_ACTION)  [customDismissAction]",
            "REMINDER            Snooze (SNOOZE_ACTION)",
        ])
        let json = try usernotectl(scene, "categories", "list", "--app", other, "--json")
        let categories = try ModelJSON.decodeCategories(json.output)
        #expect(categories.map(\.identifier) == ["MEETING_INVITATION", "REMINDER"])
        #expect(categories.first?.sendsDismissAction == true)

        let cleared = try usernotectl(scene, "categories", "set", "--app", other, "-", input: "[]")
        #expect(cleared.succeeded, "\(cleared.errors)")
        #expect(try usernotectl(scene, "categories", "list", "--app", other).output == "\(other) has no categories\n")
        #expect(try usernotectl(scene, "categories", "list", "--app", other, "--json").output == "[]\n")

        let missing = try usernotectl(scene, "categories", "set", "--app", other, "/nonexistent/categories.json")
        #expect(missing.status == 66)
        #expect(missing.errors == "usernotectl: cannot read /nonexistent/categories.json: No such file or directory\n")
    }

    // MARK: post, delivered

    @Test func postWithEveryFlagShowsItAndDeliveredListsRemovesAndClears() async throws {
        let scene = try await Scene(registerHandler: false)
        let post = try usernotectl(
            scene, "post", "--app", Self.app, "Weekly Staff Meeting", "Every Tuesday at 2pm",
            "--category", "MEETING_INVITATION", "--id", "invite-1", "--subtitle", "Room 4",
            "--user-info", "MEETING_ID=M-42", "--user-info", "SEATS:=12", "--sound", "message-new-instant",
            "--level", "time-sensitive", "--thread", "staff", "--json")
        #expect(post.succeeded, "\(post.errors)")
        #expect(try JSONDecoder().decode([String: String].self, from: Data(post.output.utf8)) == ["identifier": "invite-1"])
        try await scene.expectDisplayed(1)

        let plain = try usernotectl(scene, "post", "--app", Self.app, "Lunch?", "--category", "REMINDER")
        #expect(plain.succeeded, "\(plain.errors)")
        let lunchID = plain.output.trimmingCharacters(in: .newlines)
        #expect(!lunchID.isEmpty && !lunchID.contains(" "))
        try await scene.expectDisplayed(2)

        let delivered = try requests(scene, "delivered")
        let invite = try #require(delivered.first { $0.identifier == "invite-1" })
        #expect(invite.content == NotificationContent(
            title: "Weekly Staff Meeting", subtitle: "Room 4", body: "Every Tuesday at 2pm",
            userInfo: ["MEETING_ID": .string("M-42"), "SEATS": .int(12)], categoryIdentifier: "MEETING_INVITATION",
            threadIdentifier: "staff", sound: "message-new-instant", interruptionLevel: .timeSensitive))
        #expect(delivered.map(\.identifier).sorted() == ["invite-1", lunchID].sorted())
        let text = try usernotectl(scene, "delivered", "list", "--app", Self.app).output
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("invite-1 ") && $0.hasSuffix("  MEETING_INVITATION  Weekly Staff Meeting") },
                "\(text)")

        let removed = try usernotectl(scene, "delivered", "remove", "--app", Self.app, "invite-1")
        #expect(removed.succeeded, "\(removed.errors)")
        try await scene.expectDisplayed(1)
        #expect(try requests(scene, "delivered").map(\.identifier) == [lunchID])

        let cleared = try usernotectl(scene, "delivered", "clear", "--app", Self.app)
        #expect(cleared.succeeded, "\(cleared.errors)")
        try await scene.expectDisplayed(0)
        #expect(try usernotectl(scene, "delivered", "list", "--app", Self.app).output
            == "\(Self.app) has no notifications on screen\n")
    }

    @Test func postWithAnImageSendsItAsAnAttachment() async throws {
        let scene = try await Scene(registerHandler: false)
        let image = try file("", named: "chart.png")
        let onePixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
        try Data(base64Encoded: onePixel)?.write(to: image)
        let post = try usernotectl(scene, "post", "--app", Self.app, "Chart", "--image", image.path, "--id", "chart")
        if post.succeeded {
            try await scene.expectDisplayed(1)
            let delivered = try usernotectl(scene, "delivered", "list", "--app", Self.app, "--json").output
            let attachments = try ModelJSON.decode([[String: JSONValue]].self, from: delivered, root: "delivered")
                .first?["content"]?.objectValue?["attachments"]
            #expect(attachments == .array([.object(["identifier": .string("image"), "url": .string(image.absoluteString)])]),
                    "\(delivered)")
        } else {
            // A daemon whose model has no attachments yet names the key it does not know.
            #expect(post.status == 1)
            #expect(post.errors.contains("attachments") && post.errors.hasSuffix("(io.github.usernoted.Error.InvalidJSON)\n"),
                    "\(post.errors)")
        }
    }

    // MARK: schedule, pending

    @Test func scheduleInTwoSecondsFires() async throws {
        let scene = try await Scene(registerHandler: false)
        let schedule = try usernotectl(
            scene, "schedule", "--app", Self.app, "--in", "2s", "--id", "soon", "--category", "REMINDER", "Stretch")
        #expect(schedule.output == "soon\n", "\(schedule.errors)")
        #expect(try requests(scene, "pending").map(\.trigger) == [.timeInterval(2, repeats: false)])
        #expect(try usernotectl(scene, "pending", "list", "--app", Self.app).output == "soon  in 2s  Stretch\n")
        #expect(try scene.desktop.displayedCount() == 0)

        try await scene.expectDisplayed(1)
        #expect(try requests(scene, "pending").isEmpty)
        #expect(try requests(scene, "delivered").map(\.identifier) == ["soon"])
    }

    @Test func everyKindOfTriggerIsPendingUntilRemovedOrCleared() async throws {
        let scene = try await Scene(registerHandler: false)
        let year = Calendar.current.component(.year, from: Date()) + 1
        let triggers: [(id: String, arguments: [String], expected: NotificationTrigger, text: String)] = [
            ("later", ["--in", "1h30m"], .timeInterval(5400, repeats: false), "in 1h30m"),
            ("hourly", ["--every", "1h"], .timeInterval(3600, repeats: true), "every 1h"),
            ("standup", ["--calendar", "weekday=mon,hour=9,minute=30", "--repeat"],
             .calendar(DateComponents(hour: 9, minute: 30, weekday: 2), repeats: true), "every weekday=2,hour=9,minute=30"),
            ("dentist", ["--at", "\(year)-12-01T09:05"],
             .calendar(DateComponents(year: year, month: 12, day: 1, hour: 9, minute: 5), repeats: false),
             "at year=\(year),month=12,day=1,hour=9,minute=5"),
        ]
        for trigger in triggers {
            let result = try Command.run(
                Self.binary, ["schedule", "--app", Self.app, "--id", trigger.id] + trigger.arguments + ["Title \(trigger.id)"],
                environment: scene.desktop.environment)
            #expect(result.output == "\(trigger.id)\n", "\(trigger.id): \(result.errors)")
        }
        let pending = try requests(scene, "pending")
        for trigger in triggers {
            #expect(pending.first { $0.identifier == trigger.id }?.trigger == trigger.expected, "\(trigger.id)")
        }
        let text = try usernotectl(scene, "pending", "list", "--app", Self.app).output
        for trigger in triggers {
            #expect(text.split(separator: "\n").contains {
                $0.hasPrefix("\(trigger.id) ") && $0.contains("  \(trigger.text)  ") && $0.hasSuffix("  Title \(trigger.id)")
            }, "\(text)")
        }

        let removed = try usernotectl(scene, "pending", "remove", "--app", Self.app, "later", "hourly", "unknown")
        #expect(removed.succeeded, "\(removed.errors)")
        #expect(Set(try requests(scene, "pending").map(\.identifier)) == ["standup", "dentist"])
        let cleared = try usernotectl(scene, "pending", "clear", "--app", Self.app)
        #expect(cleared.succeeded, "\(cleared.errors)")
        #expect(try requests(scene, "pending").isEmpty)
        #expect(try usernotectl(scene, "pending", "list", "--app", Self.app).output == "\(Self.app) has no scheduled notifications\n")
        #expect(try scene.desktop.displayedCount() == 0)
    }

    // MARK: wait, monitor

    @Test func respondPrimaryAnswersTheNewestNotificationWithItsFirstNonDestructiveAction() async throws {
        let scene = try await Scene()
        try await scene.postMeeting("invite")
        try await scene.postMeeting("lunch", category: "REMINDER")
        try await scene.expectDisplayed(2)

        let newest = try usernotectl(scene, "respond", "--primary", "--app", Self.app)
        #expect(newest.succeeded, "\(newest.errors)")
        #expect(newest.output == "\(Self.app)\tlunch\tSNOOZE_ACTION\n")
        let snoozed = try await scene.handler.responses.next(within: .seconds(10), "DidReceive for lunch")
        #expect([snoozed.requestId, snoozed.actionIdentifier] == ["lunch", "SNOOZE_ACTION"])
        try await scene.expectDisplayed(1)  // the handler's dismiss closed it, as after a click

        let next = try usernotectl(scene, "respond", "--primary", "--json")
        #expect(next.succeeded, "\(next.errors)")
        #expect(try ModelJSON.decode(JSONValue.self, from: next.output, root: "respond") == .object([
            "appId": .string(Self.app), "requestId": .string("invite"), "actionIdentifier": .string("ACCEPT_ACTION")]))
        let accepted = try await scene.handler.responses.next(within: .seconds(10), "DidReceive for invite")
        #expect([accepted.requestId, accepted.actionIdentifier] == ["invite", "ACCEPT_ACTION"])
        #expect(accepted.notification.content.userInfo["MEETING_ID"] == .string("M-invite"))
        try await scene.expectDisplayed(0)

        let nothing = try usernotectl(scene, "respond", "--primary")
        #expect(nothing.status == 1)
        #expect(nothing.errors == "usernotectl: no notification is on screen (io.github.usernoted.Error.NotFound)\n")
        #expect(try usernotectl(scene, "respond").status == 64, "--primary is required")
    }

    // MARK: handlers

    @Test func handlerExecRunsAProgramFoundInPATH() async throws {
        let scene = try await Scene(registerHandler: false)
        let directory = try TemporaryDirectory.make(prefix: "usernotectl-exec")
        let record = directory.appending(path: "record-response")
        let output = directory.appending(path: "response")
        try writeScript(record.path, #"{ echo "$USERNOTED_ACTION $1"; cat; } > "$2.tmp" && mv "$2.tmp" "$2""#)

        var environment = scene.desktop.environment
        environment["PATH"] = directory.path + ":" + (environment["PATH"] ?? "")
        let set = try Command.run(
            Self.binary, ["handler", "exec", "--app", Self.app, "--", "record-response", "from-usernotectl", output.path],
            environment: environment)
        #expect(set.succeeded, "\(set.errors)")

        _ = try usernotectl(scene, "post", "--app", Self.app, "Invite", "--category", "MEETING_INVITATION", "--id", "exec")
        try await scene.expectDisplayed(1)
        try scene.desktop.pick("DECLINE_ACTION")
        let recorded = try await withDeadline(.seconds(10), "the exec handler writing its file") {
            while true {
                if let text = try? String(contentsOf: output, encoding: .utf8) { return text }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        let lines = recorded.split(separator: "\n", maxSplits: 1)
        #expect(lines.first == "DECLINE_ACTION from-usernotectl")
        #expect(try ModelJSON.decodeResponse(String(try #require(lines.last))).requestId == "exec")
        try await scene.expectDisplayed(0)  // exit 0 acknowledged it: dismissed
    }

    @Test func handlerRemoveKeepsResponsesUntilTheNextHandler() async throws {
        let scene = try await Scene(registerHandler: false)
        let directory = try TemporaryDirectory.make(prefix: "usernotectl-remove")
        let record = directory.appending(path: "record")
        try writeScript(record.path, #"echo "$1 $USERNOTED_ACTION" >> "$2""#)
        let log = directory.appending(path: "log")
        let first = try usernotectl(scene, "handler", "exec", "--app", Self.app, "--", record.path, "first", log.path)
        #expect(first.succeeded, "\(first.errors)")
        let removed = try usernotectl(scene, "handler", "remove", "--app", Self.app)
        #expect(removed.succeeded, "\(removed.errors)")

        try await scene.postMeeting("kept")
        try await scene.expectDisplayed(1)
        let observed = try await responseActions(scene)
        try scene.desktop.pick("DECLINE_ACTION")
        #expect(try await observed.next(within: .seconds(10), "the DECLINE response") == "DECLINE_ACTION")
        #expect(!FileManager.default.fileExists(atPath: log.path), "the removed handler ran")

        let second = try usernotectl(scene, "handler", "exec", "--app", Self.app, "--", record.path, "second", log.path)
        #expect(second.succeeded, "\(second.errors)")
        let logged = try await withDeadline(.seconds(10), "the new handler running") {
            while true {
                if let text = try? String(contentsOf: log, encoding: .utf8), !text.isEmpty { return text }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        #expect(logged == "second DECLINE_ACTION\n")
    }

    // MARK: push

    @Test func pushPostsAnAPNsPayloadWhenTheDaemonServesPostPayload() async throws {
        let scene = try await Scene(registerHandler: false)
        let introspection = try await scene.app.call(
            destination: "io.github.usernoted", path: "/io/github/usernoted",
            interface: "org.freedesktop.DBus.Introspectable", method: "Introspect")
        let served = introspection.first?.as(String.self)?.contains(#"name="PostPayload""#) == true
        let payload = #"{"aps": {"alert": {"title": "Invite", "body": "Tuesday"}, "category": "MEETING_INVITATION"}, "MEETING_ID": "7"}"#
        let push = try usernotectl(scene, "push", "--app", Self.app, "-", "--json", input: payload)
        if served {
            #expect(push.succeeded, "\(push.errors)")
            let id = try JSONDecoder().decode([String: String].self, from: Data(push.output.utf8))["identifier"]
            try await scene.expectDisplayed(1)
            let delivered = try requests(scene, "delivered")
            #expect(delivered.map(\.identifier) == [try #require(id)])
            #expect(delivered.first?.content.userInfo["MEETING_ID"] == .string("7"))
            #expect(delivered.first?.content.categoryIdentifier == "MEETING_INVITATION")
        } else {
            // Not served yet: one line naming the missing method.
            #expect(push.status == 1)
            #expect(push.errors.hasPrefix("usernotectl: "), "\(push.errors)")
            #expect(push.errors.hasSuffix("older than usernotectl (org.freedesktop.DBus.Error.UnknownMethod)\n"), "\(push.errors)")
        }
    }

    // MARK: errors

    @Test func daemonErrorsAreOneLineWithTheirNameAndExitStatus1() async throws {
        let scene = try await Scene(registerHandler: false)
        func expectDaemonError(_ result: CommandResult, _ name: String, containing text: String = "",
                               sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(result.status == 1, "\(result.errors)", sourceLocation: sourceLocation)
            #expect(result.output.isEmpty, sourceLocation: sourceLocation)
            let lines = result.errors.split(separator: "\n")
            #expect(lines.count == 1, "\(result.errors)", sourceLocation: sourceLocation)
            let line = lines.first ?? ""
            #expect(line.hasPrefix("usernotectl: ") && line.hasSuffix(" (io.github.usernoted.Error.\(name))"),
                    "\(line)", sourceLocation: sourceLocation)
            #expect(text.isEmpty || line.contains(text), "\(line)", sourceLocation: sourceLocation)
        }
        expectDaemonError(try usernotectl(scene, "post", "--app", Self.app, "Hi", "--category", "NOPE"),
                          "UnknownCategory", containing: #"category "NOPE" is not registered for org.example.Calendar"#)
        expectDaemonError(try usernotectl(scene, "categories", "set", "--app", Self.app, "-", input: "[{"), "InvalidJSON")
        expectDaemonError(try usernotectl(scene, "schedule", "--app", Self.app, "--every", "10s", "Too often"),
                          "InvalidRequest", containing: "60")
        expectDaemonError(try usernotectl(scene, "schedule", "--app", Self.app, "--at", "2020-01-01T09:00", "Past"),
                          "InvalidRequest")
        expectDaemonError(try usernotectl(scene, "handler", "exec", "--app", Self.app, "--", "/nonexistent/program"),
                          "InvalidRequest", containing: "/nonexistent/program")
        #expect(try requests(scene, "pending").isEmpty)

        scene.daemon.stop()
        let notRunning = try usernotectl(scene, "post", "--app", Self.app, "Hi")
        #expect(notRunning.status == 1)
        #expect(notRunning.errors.hasPrefix("usernotectl: usernoted is not running on this bus; start it with"))
    }

    /// usernotectl links FoundationEssentials alone, not Foundation with the time zone
    /// database and ICU (a fifth of its start-up's instructions): its wall clock is the C
    /// library's (`LocalTime`, checked by FocusTests).
    @Test func usernotectlLinksFoundationEssentialsAlone() throws {
        let linked = try Command.run("readelf", ["-d", Self.binary]).output
        #expect(linked.contains("[libFoundationEssentials.so]"), "\(linked)")
        #expect(!linked.contains("[libFoundation.so]") && !linked.contains("[libFoundationInternationalization.so]"), "\(linked)")
    }

    @Test func usageErrorsExit64BeforeTheBusIsTouched() throws {
        // No bus at all: a usage error must not need one.
        let environment = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "PATH": "/usr/bin:/bin"]
        let cases: [(arguments: [String], says: String)] = [
            (["post", "--app", "org..example", "Hi"], "not a valid app id"),
            (["post", "--app", Self.app, "Hi", "--user-info", "[1]"], #"expected key=text, key:=JSON or a JSON object"#),
            (["post", "--app", Self.app, "Hi", "--user-info", "=x"], "has no key"),
            (["post", "--app", Self.app, "Hi", "--level", "loud"], "loud"),
            (["schedule", "--app", Self.app, "Hi"], "say when: --in 90s"),
            (["schedule", "--app", Self.app, "Hi", "--in", "5s", "--every", "60s"], "only one of"),
            (["schedule", "--app", Self.app, "Hi", "--in", "5 fortnights"], "is not a duration"),
            (["schedule", "--app", Self.app, "Hi", "--at", "tomorrow"], "is not a local date and time"),
            (["schedule", "--app", Self.app, "Hi", "--at", "2030-01-01T09:00", "--repeat"], "use --calendar"),
            (["schedule", "--app", Self.app, "Hi", "--calendar", "hour=nine"], "needs a whole number"),
            (["wait", "--app", Self.app, "--timeout", "0s"], "--timeout must be longer than 0s"),
            (["focus", "on", "--until", "99999999999-01-01T00:00"], "beyond any date it can count to"),
            (["focus", "on", "--until", "2001-01-01T09:00"], "has passed"),
            (["handler", "exec", "--app", Self.app], "Missing expected argument"),
            (["pending", "remove", "--app", Self.app], "Missing expected argument"),
        ]
        for (arguments, says) in cases {
            let result = try Command.run(Self.binary, arguments, environment: environment)
            #expect(result.status == 64, "\(arguments): \(result.errors)")
            #expect(result.errors.contains(says), "\(arguments): \(result.errors)")
        }
        let noImage = try Command.run(Self.binary, ["post", "--app", Self.app, "Hi", "--image", "/nonexistent.png"], environment: environment)
        #expect(noImage.status == 66)
        #expect(noImage.errors == "usernotectl: cannot read /nonexistent.png: No such file or directory\n")
    }

    // MARK: completions

    @Test func completionScriptsCoverEverySubcommand() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try Command.run(Self.binary, ["--generate-completion-script", shell])
            #expect(script.succeeded, "\(shell): \(script.errors)")
            for word in ["categories", "schedule", "pending", "delivered", "wait", "monitor", "handler", "push", "--calendar"] {
                #expect(script.output.contains(word), "\(shell) completion lacks \(word)")
            }
        }
    }
}
