import Foundation
import Testing
import TestSupport

/// A fenced code block of the README, with the words after its language:
/// ```` ```sh test pick=ACCEPT_ACTION after="waiting for" expect=DECLINE_ACTION ````
/// runs it; ```` ```sh untested: why ```` says why a test cannot run it.
struct ReadmeBlock: CustomStringConvertible {
    var language: String
    /// `test`, `pick`, `after`, `expect`, `untested`: what the info string says.
    var marks: [String: String]
    var code: String
    var line: Int

    var description: String { "README.md:\(line) (\(code.split(separator: "\n").first ?? ""))" }

    /// Every fenced block of `markdown`, indented ones (in list items) included.
    static func all(in markdown: String) -> [ReadmeBlock] {
        var blocks: [ReadmeBlock] = []
        var open: (info: Substring, indent: Int, line: Int, lines: [Substring])?
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let text = line.dropFirst(indent)
            if var current = open {
                if text.hasPrefix("```") {
                    blocks.append(ReadmeBlock(info: current.info, line: current.line, code: current.lines.joined(separator: "\n")))
                    open = nil
                } else {
                    current.lines.append(line.dropFirst(min(indent, current.indent)))
                    open = current
                }
            } else if text.hasPrefix("```") {
                open = (text.dropFirst(3), indent, number + 1, [])
            }
        }
        return blocks
    }

    private init(info: Substring, line: Int, code: String) {
        let words = Self.words(of: info)
        language = words.first ?? ""
        var marks: [String: String] = [:]
        for word in words.dropFirst() {
            let parts = word.split(separator: "=", maxSplits: 1)
            marks[String(parts[0]).trimmingCharacters(in: [":"])] = parts.count > 1 ? String(parts[1]) : ""
        }
        if let reason = info.range(of: "untested:") { marks["untested"] = info[reason.upperBound...].trimmingCharacters(in: .whitespaces) }
        self.marks = marks
        self.code = code
        self.line = line
    }

    /// Words separated by spaces; `key="two words"` stays one word, without its quotes.
    private static func words(of info: Substring) -> [String] {
        var words: [String] = []
        var word = ""
        var quoted = false
        for character in info {
            if character == "\"" { quoted.toggle() } else if character == " ", !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else { word.append(character) }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}

/// The README's shell blocks, run in order on a test desktop as a reader would paste them,
/// with the test acting as the user where a block says so (`pick`).
@Suite(.serialized) struct ReadmeTests {
    static let readme = InstallTests.repository.appending(path: "README.md")

    static func blocks() throws -> [ReadmeBlock] {
        ReadmeBlock.all(in: try String(contentsOf: readme, encoding: .utf8))
    }

    @Test func everyShellBlockIsRunOrSaysWhyNot() throws {
        let shell = try Self.blocks().filter { $0.language == "sh" }
        #expect(shell.count >= 8)
        for block in shell {
            #expect(block.marks["test"] != nil || !(block.marks["untested"] ?? "").isEmpty,
                    "\(block): mark it `sh test` or `sh untested: <why>`")
        }
    }

    @Test func theShellBlocksWorkAsWritten() async throws {
        let blocks = try Self.blocks().filter { $0.language == "sh" && $0.marks["test"] != nil }
        let bus = try PrivateBus()
        let desktop = try await TestDesktop(bus: bus)
        let daemon = try await DaemonProcess(bus: bus, environment: desktop.environment)
        let directory = try TemporaryDirectory.make(prefix: "readme")
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = desktop.environment
        environment["PATH"] = DaemonProcess.productsDirectory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = directory.path

        for (index, block) in blocks.enumerated() {
            let script = directory.appending(path: "block-\(index).sh")
            try writeScript(script.path, "set -euo pipefail\ncd \(directory.path)\n" + block.code + "\n")
            let output = directory.appending(path: "block-\(index).out")
            // Its own session, so that what it leaves running in the background (dbus-monitor &) is stopped with it.
            let (process, _) = try ManagedProcess.start("setsid", ["bash", script.path], environment: environment, standardOutput: output)
            defer { kill(-process.pid, SIGTERM) }
            let printed: @Sendable () -> String = { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
            if let key = block.marks["pick"] {
                if let after = block.marks["after"] { try await process.waitForLog(containing: after) }
                try await waitUntil("\(block): a notification to answer") { try desktop.displayedCount() > 0 }
                try desktop.pick(key)
            }
            if let expected = block.marks["expect"] {
                try await waitUntil("\(block): printing \(expected)") { printed().contains(expected) }
            }
            let status = try await process.exitStatus(within: .seconds(20))
            #expect(status == 0, "\(block) exited with \(status): \(process.log)\n\(printed())")
        }
        #expect(daemon.process.isRunning, "usernoted survived the README: \(daemon.process.log)")
    }

    /// Waits until `condition` holds, checking every 20 ms.
    func waitUntil(_ what: String, _ condition: @escaping @Sendable () throws -> Bool) async throws {
        _ = try await withDeadline(.seconds(20), what) {
            while try !condition() { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
    }

}
