import UsernotedAPI
import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// Exec handlers as real processes: what they get, and how their ending counts.
@Suite struct ExecHandlerTests {
    /// The deadline of the runs that are not about it: longer than the whole test process
    /// stalls on a loaded machine (CI saw one of 17 s while the suites started, and a run
    /// meant to print too much was stopped at 10 s instead).
    static let patience: Duration = .seconds(60)
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
        let disposition = try await ExecHandler.deliver(response, argv: [handler, "--flag"], timeout: Self.patience)
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
        let out = directory.appending(path: "args.out").path
        let pwned = directory.appending(path: "pwned").path
        let handler = try script("args", #"printf '%s\n' "$@" > '\#(out)'"#)
        _ = try await ExecHandler.deliver(
            response, argv: [handler, "$HOME", "a b", ";", "*", "$(touch \(pwned))", "`touch \(pwned)`", "x; touch \(pwned)"],
            timeout: Self.patience)
        #expect(try String(contentsOfFile: out, encoding: .utf8)
            == "$HOME\na b\n;\n*\n$(touch \(pwned))\n`touch \(pwned)`\nx; touch \(pwned)\n")
        #expect(!FileManager.default.fileExists(atPath: pwned))
    }

    @Test func theEnvironmentHoldsThePassedThroughVariablesAndTheResponseOnly() async throws {
        setenv("USERNOTED_TEST_DAEMON_ONLY", "must not leak", 1)
        let out = directory.appending(path: "env.out").path
        // `env -0` straight from exec: no shell adds or drops variables on the way.
        let handler = try script("env", "exec /usr/bin/env -0 > '\(out)'")
        _ = try await ExecHandler.deliver(response, argv: [handler], timeout: Self.patience)
        let names = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\0").map { String($0.prefix { $0 != "=" }) }
        let allowed = Set(ProgramRun.passedThrough + ["USERNOTED_APP_ID", "USERNOTED_REQUEST_ID", "USERNOTED_ACTION",
            "USERNOTED_USER_TEXT", "USERNOTED_CATEGORY", "USERNOTED_TITLE", "USERNOTED_USER_INFO",
            "PWD"])  // the shell running the script sets PWD
        #expect(Set(names).isSubset(of: allowed), "\(Set(names).subtracting(allowed))")
        #expect(names.contains("USERNOTED_ACTION") && names.contains("PATH"))
        #expect(!names.contains("USERNOTED_TEST_DAEMON_ONLY"))
    }

    @Test func theHandlerGetsNoFileDescriptorOfTheDaemon() async throws {
        // A descriptor the daemon holds without close-on-exec, as a library might leave one.
        let leaked = open("/dev/null", O_RDONLY)
        #expect(leaked > 2)
        defer { close(leaked) }
        let out = directory.appending(path: "fds.out").path
        // After `exec 1>…` the shell holds 0, 1, 2; `ls` adds its own directory handle (3).
        let handler = try script("fds", "exec 1>'\(out)'\nexec ls -l /proc/self/fd")
        _ = try await ExecHandler.deliver(response, argv: [handler], timeout: Self.patience)
        let listing = try String(contentsOfFile: out, encoding: .utf8)
        let descriptors = listing.split(separator: "\n").compactMap { line -> String? in
            guard let arrow = line.range(of: " -> ") else { return nil }
            return String(line[..<arrow.lowerBound].split(separator: " ").last ?? "")
        }
        #expect(descriptors == ["0", "1", "2", "3"], "\(listing)")
        #expect(listing.contains("0 -> ") && listing.contains("usernoted-input-"), "standard input is the response file")
    }

    @Test func aHandlerThatPrintsTooMuchIsAFailureNotACrash() async throws {
        let chatty = try script("chatty", "head -c 200000 /dev/zero")
        await #expect { try await ExecHandler.deliver(response, argv: [chatty], timeout: Self.patience) } throws: { error in
            "\(error)".contains("printed more than 65536 bytes")
        }
    }

    @Test func aFailingOrHangingHandlerDoesNotAcknowledge() async throws {
        let failing = try script("failing", "exit 3")
        await #expect { try await ExecHandler.deliver(response, argv: [failing], timeout: Self.patience) } throws: { error in
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

    @Test func atTheTimeoutWhatTheHandlerStartedIsStoppedToo() async throws {
        let pids = directory.appending(path: "pids").path
        // A child in the background holding standard output, and one in the foreground.
        let hanging = try script("spawner", "sleep 60 &\necho $! > '\(pids)'\nsleep 60")
        await #expect { try await ExecHandler.deliver(response, argv: [hanging], timeout: .milliseconds(300)) } throws: { error in
            "\(error)".contains("ran longer than")
        }
        let child = try #require(Int32(try String(contentsOfFile: pids, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        _ = try await withDeadline(.seconds(10), "the handler's child to be stopped") {
            while kill(child, 0) == 0, !isZombie(child) { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
    }

    /// The peak resident memory of process `pid`, in bytes.
    static func peakMemory(of pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])) * 1024
    }

    @Test func aHandlerPrinting100MBNeitherGrowsTheDaemonNorAcknowledges() async throws {
        let bus = try PrivateBus()
        let server = try await FakeNotificationServer(bus: bus)
        let config = directory.appending(path: "config.toml")
        try "[delivery]\nfirstRetrySeconds = 3600\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try await DaemonProcess(bus: bus, arguments: ["--config", config.path])
        let center = Proxy.usernotedCenter(on: try await bus.connect())
        let flood = try script("flood", "head -c 100000000 /dev/zero")
        _ = try await center.call("SetExecHandler", [.string("org.example.Build"), [flood].dbusValue])
        _ = try await center.call("Post", [.string("org.example.Build"), .string(""), .string("Build failed"), .string("")])
        let shown = try await server.notifyCalls.next(within: .seconds(10), "Notify")
        let before = try Self.peakMemory(of: daemon.process.pid)
        try await server.emitActionInvoked(id: shown.id, key: "default")
        try await daemon.process.waitForLog(containing: "it printed more than 65536 bytes on standard output")
        let growth = try Self.peakMemory(of: daemon.process.pid) - before
        #expect(growth < 16 << 20, "the daemon's peak memory grew by \(growth) bytes")
        // Not acknowledged: the response waits for a handler that behaves.
        #expect(daemon.process.log.contains("handler did not take the response; retrying"))
    }

    @Test func argvIsCheckedWhenSet() throws {
        #expect(ProgramRun.problem(with: [])?.contains("argv is empty") == true)
        #expect(ProgramRun.problem(with: ["/nonexistent/handler"])?.contains("is not an executable file; give an absolute path") == true)
        #expect(ProgramRun.problem(with: ["no-such-program-here"])?.contains("in PATH") == true)
        #expect(ProgramRun.problem(with: [directory.path])?.contains("is not an executable file") == true)
        #expect(ProgramRun.problem(with: ["sh", "-c", "true"]) == nil)
    }
}

/// Whether `pid` is a zombie (ended, not yet reaped by its parent, which may be init).
func isZombie(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return true }
    return stat[stat.index(close, offsetBy: 2)] == "Z"
}
