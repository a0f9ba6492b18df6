import DBus
import Foundation
import Testing
import TestSupport

/// What dunst shows of text an app sends: never markup or links the app slipped in.
@Suite(.serialized) struct MarkupTests {
    /// The text Pango shows for `markup`: tags dropped, entities read.
    static func shownText(_ markup: String) -> String {
        var text = ""
        var rest = markup[...]
        while let c = rest.first {
            if c == "<", let end = rest.firstIndex(of: ">") {
                rest = rest[rest.index(after: end)...]
            } else if c == "&", let end = rest.firstIndex(of: ";") {
                let entity = rest[rest.index(after: rest.startIndex)..<end]
                switch entity {
                case "lt": text += "<"
                case "gt": text += ">"
                case "amp": text += "&"
                case "quot": text += "\""
                case "apos": text += "'"
                default: text += "&\(entity);"
                }
                rest = rest[rest.index(after: end)...]
            } else {
                text.append(c)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    /// dunst's history entries (newest first): each field's value.
    static func history(_ desktop: TestDesktop) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data(try desktop.dunstctl("history").utf8)) as? [String: Any]
        let entries = (json?["data"] as? [[[String: Any]]])?.first ?? []
        return entries.map { $0.mapValues { ($0 as? [String: Any])?["data"] ?? "" } }
    }

    /// What dunst's context menu offers for the notification on top: its actions, and the
    /// links it found in its markup, by their text.
    static func contextMenu(_ desktop: TestDesktop) async throws -> String {
        let menu = try #require(desktop.environment["USERNOTED_TEST_PICK_FILE"]) + ".menu"
        try desktop.dunstctl("context")
        try await waitUntil("dunst's context menu") { FileManager.default.fileExists(atPath: menu) }
        return try String(contentsOfFile: menu, encoding: .utf8)
    }

    @Test func dunstShowsTheTitleAndBodyAsTheAppWroteThem() async throws {
        let scene = try await Scene()
        let title = #"R&D <b>not bold</b>"#
        let body = #"<a href="https://evil.example/">click here</a> & <b>bold</b> <i>it</i> &amp;"#
        _ = try await scene.center.call("Post", [.string(Scene.appID), .string(""), .string(title), .string(body)])
        try await scene.expectDisplayed(1)
        let offered = try await Self.contextMenu(scene.desktop)
        #expect(offered.contains("[default,") || offered.contains(",default]"), "the menu was read: \(offered)")
        #expect(!offered.contains("[click here]"), "no link was made of the app's text: \(offered)")
        try scene.desktop.dunstctl("close")
        try await scene.expectDisplayed(0)
        let entry = try #require(try Self.history(scene.desktop).first)
        let message = try #require(entry["message"] as? String)
        // The fixture's format is "<b>%s</b>\n%b": the summary in bold, then the body.
        #expect(Self.shownText(message) == title + "\n" + body, "\(message)")
    }
}
