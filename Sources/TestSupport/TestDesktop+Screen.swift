import Foundation

/// A notification as dunst put it on screen: its server id and the text the user read.
public struct ShownNotification: Sendable, Equatable, CustomStringConvertible {
    public var id: UInt32
    public var summary: String
    public var body: String

    public init(id: UInt32, summary: String, body: String) {
        self.id = id
        self.summary = summary
        self.body = body
    }

    public var description: String { "#\(id) \(summary) / \(body)" }
}

/// One line of dunst's context menu: an action (button) of a notification on screen.
public struct MenuEntry: Sendable, Equatable, CustomStringConvertible {
    /// The notification's server id.
    public var id: UInt32
    /// The action key (`default` for a click on the body).
    public var key: String
    /// The button's title.
    public var label: String
    /// The notification's summary, as the menu shows it next to the label.
    public var summary: String

    public var description: String { "#\(id) \(label) [\(key)]" }
}

extension [MenuEntry] {
    /// The button titles of notification `id`, without the body's `default` action, sorted
    /// (dunst lists a notification's actions in no particular order).
    public func buttons(of id: UInt32) -> [String] {
        filter { $0.id == id && $0.key != "default" }.map(\.label).sorted()
    }
}

/// What the user sees: the notifications dunst shows, their text and their buttons.
extension TestDesktop {
    /// Every notification dunst put on screen so far, oldest first: one entry each time it
    /// showed one or replaced one in place (read from the record-shown fixture's file).
    public func shown() -> [ShownNotification] {
        let text = (try? String(contentsOf: shownFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\u{1e}").compactMap { record in
            let fields = record.split(separator: "\u{1f}", omittingEmptySubsequences: false)
            guard fields.count == 3, let id = UInt32(fields[0]) else { return nil }
            return ShownNotification(id: id, summary: String(fields[1]), body: String(fields[2]))
        }
    }

    /// Waits until dunst shows a notification that `matches`, counting from entry `start` of
    /// ``shown()``; returns it and its position there.
    @discardableResult
    public func waitUntilShown(
        from start: Int = 0, within timeout: Duration = .seconds(10), _ what: String,
        where matches: @escaping @Sendable (ShownNotification) -> Bool
    ) async throws -> (index: Int, notification: ShownNotification) {
        let deadline = ContinuousClock.now + timeout
        while true {
            let all = shown()
            if start < all.count, let index = all[start...].firstIndex(where: matches) { return (index, all[index]) }
            guard ContinuousClock.now < deadline else {
                throw TestSupportError("dunst did not show \(what) within \(timeout); it showed \(all), looking from entry \(start)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until the server shows `count` notification windows (at least one when nil), laid
    /// out, so that a click hits them (record-shown may report a notification a moment before
    /// dunst maps its window); returns them, top to bottom.
    @discardableResult
    public func waitForWindows(count: Int? = nil, within timeout: Duration = .seconds(10)) async throws -> [WindowFrame] {
        let deadline = ContinuousClock.now + timeout
        var settling: (windows: [WindowFrame], since: ContinuousClock.Instant)?
        while true {
            let windows = try notificationWindows()
            if settling?.windows != windows { settling = (windows, .now) }
            // Laid out: the same frames for 100 ms (a server may map a window, then size it).
            if count.map({ windows.count == $0 }) ?? !windows.isEmpty, let since = settling?.since,
                ContinuousClock.now - since >= .milliseconds(100)
            {
                return windows
            }
            guard ContinuousClock.now < deadline else {
                throw TestSupportError("\(server) did not show \(count.map { "\($0)" } ?? "any") notification windows within \(timeout); it shows \(windows.count)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Opens dunst's context menu as a user does and chooses the action `key` (of
    /// notification `id`, if given), or nothing when `key` is nil; returns the menu the user
    /// saw. A menu refused because another was still open is opened again.
    @discardableResult
    public func openMenu(choosing key: String? = nil, of id: UInt32? = nil) async throws -> [MenuEntry] {
        try? FileManager.default.removeItem(at: menuFile)
        try ([key ?? ""] + (id.map { ["\($0)"] } ?? [])).joined(separator: "\n")
            .write(to: pickFile, atomically: true, encoding: .utf8)
        let shown = (try? displayedCount()).map { "\($0)" } ?? "?"
        let menu = try await withDeadline(.seconds(10), "dunst's context menu (with \(shown) notifications on screen)") {
            while true {
                try self.dunstctl("context")
                let retry = ContinuousClock.now + .seconds(1)
                while ContinuousClock.now < retry {
                    if let text = try? String(contentsOf: self.menuFile, encoding: .utf8) { return text }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
        }
        // pick-action read its choice before writing the menu: a later menu chooses nothing.
        try "".write(to: pickFile, atomically: true, encoding: .utf8)
        return Self.menuEntries(menu)
    }

    /// The menu lines `#<label> (<summary>) [<id>,<key>]` as entries (URL lines are skipped).
    static func menuEntries(_ menu: String) -> [MenuEntry] {
        menu.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("#"), line.hasSuffix("]"),
                  let open = line.lastIndex(of: "["), let comma = line[open...].firstIndex(of: ","),
                  let id = UInt32(line[line.index(after: open)..<comma]),
                  let paren = line.range(of: " (")
            else { return nil }
            let key = String(line[line.index(after: comma)..<line.index(before: line.endIndex)])
            let label = String(line[line.index(after: line.startIndex)..<paren.lowerBound])
            var summary = line[paren.upperBound..<open].dropLast()  // the space before '['
            if summary.hasSuffix(")") { summary = summary.dropLast() }
            return MenuEntry(id: id, key: key, label: label, summary: String(summary))
        }
    }
}
