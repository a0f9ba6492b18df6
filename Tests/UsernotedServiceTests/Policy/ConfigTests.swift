import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// `config.toml` as a user writes it.
@Suite struct ConfigTests {
    func load(_ text: String) throws(ConfigError) -> Config {
        let file = try! TemporaryDirectory.make(prefix: "usernoted-config").appending(path: "config.toml")
        try! text.write(to: file, atomically: true, encoding: .utf8)
        return try Config.load(from: file.path)
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aMissingFileMeansTheDefaults() throws {
        #expect(try Config.load(from: "/nonexistent/config.toml") == Config())
    }

    @Test func limitsAreReadAndTheRestKeepTheirDefaults() throws {
        let config = try load("""
            # usernoted settings
            [limits]
            pendingPerApp = 500
            postsPerSecond = 5
            """)
        #expect(config.limits == Limits(pendingPerApp: 500, postsPerSecond: 5))
        let other = try load("[privacy]\nhidePreviews = \"always\"\n[delivery]\nfirstRetrySeconds = 0.5\nmaxAgeSeconds = 3600")
        #expect(other.privacy.hidePreviews == .always)
        #expect(other.delivery == DeliveryPolicy(firstRetrySeconds: 0.5, maxAgeSeconds: 3600))  // whole numbers are seconds too
        let timeouts = try load("[delivery]\nhandlerTimeoutSeconds = 2\nexecTimeoutSeconds = 0.5\nserviceExtensionSeconds = 10")
        #expect(timeouts.delivery == DeliveryPolicy(execTimeoutSeconds: 0.5, handlerTimeoutSeconds: 2, serviceExtensionSeconds: 10))
        #expect(try load("[delivery]\nbackgroundPushesPerHour = 12").delivery == DeliveryPolicy(backgroundPushesPerHour: 12))
        #expect(try load("[gtk]\nserve = \"never\"").gtk.serve == .never)
        #expect(try load("[authorization]\nask = true").authorization.ask)
        #expect(timeouts.authorization.ask == false)
        #expect(timeouts.gtk.serve == .auto)
    }

    @Test func mistakesNameTheFileAndTheKey() throws {
        #expect(problem("[delivery]\nbackgroundPushesPerHour = 0")?.contains("delivery.backgroundPushesPerHour: must be 1 or more") == true)
        #expect(problem("[limit]\npendingPerApp = 1")?.contains("unknown table or key 'limit'; known: limits, delivery, privacy, text, gtk") == true)
        let typo = try #require(problem("[limits]\npendingPerAp = 1"))
        #expect(typo.contains("config.toml: "))
        #expect(typo.contains("unknown field 'pendingPerAp'") && typo.contains("did you mean 'pendingPerApp'?"))
        #expect(problem("[limits]\npostsPerSecond = -1")?.contains("limits.postsPerSecond: must not be negative") == true)
        #expect(problem("[limits\n")?.contains("not valid TOML") == true)
        #expect(problem("limits = 5")?.contains("limits: has the wrong type (a table, [limits])") == true)
        #expect(problem("[privacy]\nhidePreviews = \"sometimes\"")?.contains(#"privacy.hidePreviews: "sometimes" is not one of "whenLocked", "always", "never""#) == true)
        #expect(problem("[authorization]\nasks = true")?.contains("unknown key 'asks' in [authorization]; known: ask") == true)
        #expect(problem("[gtk]\nserve = \"always\"")?.contains(#"gtk.serve: "always" is not one of "auto", "never""#) == true)
        #expect(problem("[limits]\npendingPerApp = \"many\"")?.contains("limits.pendingPerApp: has the wrong type") == true)
        #expect(problem("[delivery]\nmaxAgeSeconds = 0")?.contains("delivery.maxAgeSeconds: must be a positive number of seconds") == true)
        #expect(problem("[delivery]\nmaxAgeSeconds = \"a week\"")?.contains("delivery.maxAgeSeconds: must be a positive number of seconds") == true)
    }

    @Test func focusSchedulesAndTheSummaryAreRead() throws {
        let config = try load("""
            [[focus.schedule]]
            start = "22:00"
            end = "07:00"
            [[focus.schedule]]
            days = ["sat", "Sunday"]
            start = "09:00"
            end = "12:30"
            [summary]
            times = ["08:00", "18:00"]
            apps = ["org.example.News"]
            """)
        #expect(config.focus.schedule == [
            FocusSchedule(start: TimeOfDay("22:00")!, end: TimeOfDay("07:00")!),
            FocusSchedule(days: [7, 1], start: TimeOfDay("09:00")!, end: TimeOfDay("12:30")!),
        ])
        #expect(config.focus.followServer)
        #expect(config.summary == SummaryPolicy(
            times: [TimeOfDay("08:00")!, TimeOfDay("18:00")!], apps: [try AppID(validating: "org.example.News")]))
        #expect(problem("[[focus.schedule]]\nstart = \"10pm\"\nend = \"07:00\"")?.contains(#"focus.schedule.start: "10pm" is not a time; write it as HH:MM"#) == true)
        #expect(problem("[[focus.schedule]]\ndays = [\"someday\"]\nstart = \"10:00\"\nend = \"11:00\"")?.contains("focus.schedule.days: \"someday\" is not a day") == true)
        #expect(problem("[[focus.schedule]]\nstart = \"10:00\"\nends = \"11:00\"")?.contains("unknown key 'ends'") == true)
        #expect(problem("[summary]\ntimes = [\"8\"]")?.contains("summary.times: \"8\" is not a time") == true)
        #expect(problem("[summary]\napps = [\"News\"]")?.contains("summary.apps: ") == true)
        #expect(problem("[summary]\ntop = 0")?.contains("summary.top: must be a positive number") == true)
    }

    @Test func theFileFollowsXDG() {
        #expect(Config.defaultFile(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/usernoted/config.toml")
        #expect(Config.defaultFile(environment: ["HOME": "/h"]) == "/h/.config/usernoted/config.toml")
        #expect(Config.defaultFile(environment: ["XDG_CONFIG_HOME": "/c/", "HOME": "/h/"]) == "/c/usernoted/config.toml")
        #expect(Config.defaultFile(environment: ["XDG_CONFIG_HOME": "c", "HOME": "/h/"]) == "/h/.config/usernoted/config.toml")
        // A HOME that is not absolute is taken from the working directory, as the state's is.
        let here = FileManager.default.currentDirectoryPath
        #expect(Config.defaultFile(environment: ["HOME": "h"]) == here + "/h/.config/usernoted/config.toml")
        #expect(Config.defaultFile(environment: ["HOME": ""]) == here + "/.config/usernoted/config.toml")
    }

    /// `usernoted --config` takes a path as a shell leaves it: relative, or with a `~` the shell
    /// did not expand (`--config=~/…`, a unit's `ExecStart`).
    @Test func aGivenPathIsMadeAbsolute() {
        let here = FileManager.default.currentDirectoryPath
        #expect(Config.absolute("/etc/usernoted.toml") == "/etc/usernoted.toml")
        #expect(Config.absolute("mine.toml") == here + "/mine.toml")
        #expect(Config.absolute("~/mine.toml") == FileManager.default.homeDirectoryForCurrentUser.path + "/mine.toml")
    }

    /// docs/configuration.md shows a file with every key at its default: it loads, it is the
    /// defaults, and it names every setting `Config` has (a key added without a line in the
    /// docs, or a default changed in one place only, fails here).
    @Test func theDocumentedFileHasEveryKeyAtItsDefault() throws {
        let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: repository.appending(path: "docs/configuration.md"), encoding: .utf8)
        let block = try #require(doc.firstMatch(of: #/```toml\n([\s\S]*?)\n```/#)?.output.1)
        #expect(try load(String(block)) == Config())

        var documented: [String: Set<String>] = [:]
        var table = ""
        for line in block.split(separator: "\n") {
            if let name = line.wholeMatch(of: #/\[(\w+)\].*/#)?.output.1 { table = String(name) }
            if let key = line.firstMatch(of: #/^(\w+) *=/#)?.output.1 { documented[table, default: []].insert(String(key)) }
        }
        var settings: [String: Set<String>] = [:]
        for table in Mirror(reflecting: Config()).children {
            settings[table.label ?? ""] = Set(Mirror(reflecting: table.value).children.compactMap(\.label))
        }
        #expect(documented == settings)
    }

    @Test func theThreadsStackLimitIsAPositiveWholeNumber() throws {
        #expect(try load("[threads]\nstackLimit = 5").threads.stackLimit == 5)
        #expect(try load("").threads.stackLimit == 3)
        for wrong in ["0", "-2", "2.5", "\"three\""] {
            #expect(problem("[threads]\nstackLimit = \(wrong)")?.contains("threads.stackLimit: must be a positive whole number") == true, "\(wrong)")
        }
        #expect(problem("[threads]\nlimit = 3")?.contains("unknown key 'limit' in [threads]; known: stackLimit") == true)
    }
}
