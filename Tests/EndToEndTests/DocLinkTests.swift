import Foundation
import Testing

/// A link in a Markdown file: `[text](target)`, `![alt](target)` or a `[label]: target`
/// definition, outside code.
struct MarkdownLink: CustomStringConvertible {
    var file: String
    var line: Int
    var target: String

    var description: String { "\(file):\(line) → \(target)" }

    /// The links of `markdown`, the text of `file`: fenced blocks and code spans are skipped.
    static func all(in markdown: String, file: String) -> [MarkdownLink] {
        Markdown.prose(of: markdown).flatMap { number, line in
            let text = Markdown.withoutCodeSpans(line)
            // `[text](target)` or `[text](target "title")`; the text may hold brackets one level deep.
            var targets = text.matches(of: #/!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/#)
                .map { String($0.output.1) }
            if let definition = text.wholeMatch(of: #/\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?.*/#) {
                targets.append(String(definition.output.1))
            }
            return targets.map { MarkdownLink(file: file, line: number, target: $0) }
        }
    }
}

/// What a link check needs of Markdown as GitHub renders it.
enum Markdown {
    /// The lines outside fenced code blocks, numbered from 1.
    static func prose(of markdown: String) -> [(Int, Substring)] {
        var lines: [(Int, Substring)] = []
        var fence: Substring?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.drop { $0 == " " }
            let marker = text.prefix { $0 == "`" || $0 == "~" }
            if let open = fence {
                if marker.count >= open.count, marker.first == open.first, text.dropFirst(marker.count).allSatisfy(\.isWhitespace) {
                    fence = nil
                }
            } else if marker.count >= 3, Set(marker).count == 1 {
                fence = marker
            } else {
                lines.append((index + 1, line))
            }
        }
        return lines
    }

    /// `line` with its code spans (`` `…` ``, any number of backticks) replaced by `code`.
    static func withoutCodeSpans(_ line: Substring) -> String {
        var out = ""
        var rest = line[...]
        while let start = rest.firstIndex(of: "`") {
            out += rest[..<start]
            let ticks = rest[start...].prefix { $0 == "`" }
            let after = rest[ticks.endIndex...]
            guard let end = after.firstRange(of: ticks) else {
                out += ticks
                rest = after
                continue
            }
            out += "code"
            rest = after[end.upperBound...]
        }
        return out + rest
    }

    /// The anchors of `markdown`'s headings (ATX, `#` to `######`), as GitHub makes them:
    /// the heading's text, lowercased, with everything but letters, digits, marks, `-`, `_`
    /// and spaces removed, spaces made `-`; a repeated anchor gets `-1`, `-2` ….
    static func anchors(of markdown: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        for (_, line) in prose(of: markdown) {
            guard let heading = line.wholeMatch(of: #/ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*/#) else { continue }
            let slug = slug(of: String(heading.output.1))
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// GitHub's anchor for a heading's Markdown text.
    static func slug(of heading: String) -> String {
        // What shows: a link's text, not its target; code spans' text without the backticks.
        let shown = heading.replacing(#/!?\[([^\]]*)\]\([^)]*\)/#) { String($0.output.1) }
        var slug = ""
        for scalar in shown.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                slug.unicodeScalars.append(scalar)
            default:
                if scalar == "-" || scalar == "_" { slug.unicodeScalars.append(scalar) }
                if scalar == " " { slug += "-" }
            }
        }
        return slug
    }
}

/// Every link of README.md and docs/*.md leads somewhere: a file or directory of the
/// repository, and a heading of a Markdown file when it names one (`#anchor`).
@Suite struct DocLinkTests {
    static func links() throws -> [MarkdownLink] {
        try Documentation.files().flatMap { MarkdownLink.all(in: try Documentation.text(of: $0), file: $0) }
    }

    @Test func everyLinkLeadsToAFileOrHeadingThatExists() throws {
        let links = try Self.links()
        #expect(links.count >= 50)
        let root = Documentation.repository.standardizedFileURL.path
        for link in links where link.target.firstMatch(of: #/^[A-Za-z][A-Za-z0-9+.-]*:/#) == nil {
            let parts = link.target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let target = path.isEmpty
                ? Documentation.repository.appending(path: link.file)
                : Documentation.repository.appending(path: link.file).deletingLastPathComponent().appending(path: path).standardizedFileURL
            guard target.path == root || target.path.hasPrefix(root + "/") else {
                Issue.record("\(link): outside the repository")
                continue
            }
            guard FileManager.default.fileExists(atPath: target.path) else {
                Issue.record("\(link): \(target.path) does not exist")
                continue
            }
            guard parts.count == 2, target.pathExtension == "md" else { continue }
            let anchor = String(parts[1]).removingPercentEncoding ?? String(parts[1])
            let anchors = Markdown.anchors(of: try String(contentsOf: target, encoding: .utf8))
            #expect(anchors.contains(anchor), "\(link): no heading with the anchor #\(anchor); there are \(anchors.sorted())")
        }
    }

    /// The where-is table of docs/architecture.md names its files by links, so the test above
    /// keeps them existing.
    @Test func everyRowOfTheWhereIsTableLinksItsFiles() throws {
        let text = try Documentation.text(of: "docs/architecture.md")
        let section = try #require(text.firstRange(of: "## Where is"))
        let rows = text[section.upperBound...].split(separator: "\n").drop { !$0.hasPrefix("|") }
            .prefix { $0.hasPrefix("|") }.dropFirst(2)
        #expect(rows.count >= 20)
        for row in rows {
            let file = row.split(separator: "|").last ?? ""
            #expect(!MarkdownLink.all(in: String(file), file: "docs/architecture.md").isEmpty, "no link in: \(row)")
        }
    }

    @Test func anchorsAreMadeAsGitHubMakesThem() {
        #expect(Markdown.slug(of: "From Swift: `import UserNotifications`") == "from-swift-import-usernotifications")
        #expect(Markdown.slug(of: "Where is…") == "where-is")
        #expect(Markdown.slug(of: "`[limits]`") == "limits")
        #expect(Markdown.slug(of: "A program: exec handlers") == "a-program-exec-handlers")
        #expect(Markdown.slug(of: "The D-Bus API: `io.github.usernoted.Center1`") == "the-d-bus-api-iogithubusernotedcenter1")
        #expect(Markdown.slug(of: "See [the API](api.md) now") == "see-the-api-now")
        #expect(Markdown.anchors(of: "# A\n## A\n```\n# not a heading\n```\n### A #\n") == ["a", "a-1", "a-2"])
    }
}
