import Foundation
import Testing
import TestSupport

/// The documentation a reader follows: README.md, then docs/*.md by name.
enum Documentation {
    static let repository = InstallTests.repository

    /// Every documentation file, as a path from the repository's root, in reading order.
    static func files() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: repository.appending(path: "docs").path)
            .filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md"] + docs.map { "docs/" + $0 }
    }

    static func text(of file: String) throws -> String {
        try String(contentsOf: repository.appending(path: file), encoding: .utf8)
    }
}

/// A fenced code block of the README or a docs/ file, with the words after its language:
/// ```` ```sh test pick=ACCEPT_ACTION after="waiting for" expect=DECLINE_ACTION ````
/// runs it; ```` ```sh untested: why ```` says why a test cannot run it.
struct ReadmeBlock: CustomStringConvertible {
    /// The file it is in, from the repository's root.
    var file = "README.md"
    var language: String
    /// `test`, `pick`, `after`, `expect`, `untested`: what the info string says.
    var marks: [String: String]
    var code: String
    var line: Int

    var description: String { "\(file):\(line) (\(code.split(separator: "\n").first ?? ""))" }

    /// Every fenced block of `markdown` (the text of `file`), indented ones (in list items) included.
    static func all(in markdown: String, file: String = "README.md") -> [ReadmeBlock] {
        var blocks: [ReadmeBlock] = []
        var open: (info: Substring, indent: Int, line: Int, lines: [Substring])?
        for (number, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let indent = line.prefix { $0 == " " }.count
            let text = line.dropFirst(indent)
            if var current = open {
                if text.hasPrefix("```") {
                    blocks.append(ReadmeBlock(file: file, info: current.info, line: current.line, code: current.lines.joined(separator: "\n")))
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

    private init(file: String, info: Substring, line: Int, code: String) {
        self.file = file
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

/// The shell blocks of the README and of docs/*.md, run in reading order (the README first,
/// then docs/ by name) on one test desktop and one daemon, as a reader would paste them: a
/// block may rely on what an earlier one set up (the README registers the categories the
/// docs post with). The test acts as the user where a block says so (`pick`).
@Suite(.serialized) struct ReadmeTests {
    static func blocks() throws -> [ReadmeBlock] {
        try Documentation.files().flatMap { ReadmeBlock.all(in: try Documentation.text(of: $0), file: $0) }
    }

    @Test func everyShellBlockIsRunOrSaysWhyNot() throws {
        let shell = try Self.blocks().filter { $0.language == "sh" }
        #expect(shell.count >= 11)
        #expect(Set(shell.map(\.file)).isSuperset(of: ["README.md", "docs/api.md", "docs/handlers.md"]))
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
                try await waitUntil("\(block): a notification to answer", within: .seconds(20)) { try desktop.displayedCount() > 0 }
                try desktop.pick(key)
            }
            if let expected = block.marks["expect"] {
                try await waitUntil("\(block): printing \(expected)", within: .seconds(20)) { printed().contains(expected) }
            }
            let status = try await process.exitStatus(within: .seconds(20))
            #expect(status == 0, "\(block) exited with \(status): \(process.log)\n\(printed())")
        }
        #expect(daemon.process.isRunning, "usernoted survived the documentation: \(daemon.process.log)")
    }
}
