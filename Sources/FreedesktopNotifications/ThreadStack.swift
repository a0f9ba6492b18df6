import UserNotificationsCore

/// One app's thread: its notifications with one `threadIdentifier`, which stack together.
struct ThreadKey: Hashable {
    var appID: AppID
    var threadID: String

    init(appID: AppID, threadID: String) {
        self.appID = appID
        self.threadID = threadID
    }

    /// The thread of `request` of `appID`; nil when it names none.
    init?(appID: AppID, request: NotificationRequest) {
        guard !request.content.threadIdentifier.isEmpty else { return nil }
        self.init(appID: appID, threadID: request.content.threadIdentifier)
    }
}

/// A thread's stack: the bridge's own notification standing on screen for the thread's older
/// notifications (its members) once more than the stack limit of them would be on screen. Its
/// members stay delivered, each marked stacked in the live map; the stack's body click and its
/// *Show all* bring them back, and closing it closes them. Its interactions never reach apps
/// as responses, but the members' `dismiss` where their category has `customDismissAction`.
enum ThreadStack {
    /// The prefix of a stack's key in the live map: apps' request identifiers cannot hold NUL,
    /// so no app's notification has a stack's key.
    private static let keyPrefix = "\u{0}thread\u{0}"

    /// The key of `thread`'s stack in the live map.
    static func key(of thread: ThreadKey) -> NotificationKey {
        NotificationKey(appID: thread.appID, requestID: keyPrefix + thread.threadID)
    }

    /// The thread whose stack `key` is; nil for an app's notification.
    static func thread(ofStack key: NotificationKey) -> ThreadKey? {
        guard key.requestID.hasPrefix(keyPrefix) else { return nil }
        return ThreadKey(appID: key.appID, threadID: String(key.requestID.dropFirst(keyPrefix.count)))
    }

    /// The action that brings the members back (the body click does too).
    static let showAllIdentifier = "x-usernoted-show-all"

    /// The stack's buttons; while previews are hidden it says only how many it stands for
    /// ("3 more notifications"), not whom they are about.
    static func category(count: Int) -> NotificationCategory {
        NotificationCategory(
            identifier: "x-usernoted-stack", actions: [NotificationAction(identifier: showAllIdentifier, title: "Show all")],
            hiddenPreviewsBodyPlaceholder: SummaryFormat.render("", count: count, argument: ""))
    }

    /// How many lines of its newest members the stack's body shows.
    static let bodyLines = 3

    /// How many of a thread's `visible` notifications (those on screen by themselves) go into
    /// its stack, the oldest first, so that at most `limit` things of the thread are on screen:
    /// none while that holds; else all but the newest `limit - 1` (at least one stays out, so
    /// the newest is always seen), the stack counting as one.
    static func overflow(visible: Int, hasStack: Bool, limit: Int) -> Int {
        guard visible + (hasStack ? 1 : 0) > limit else { return 0 }
        return max(0, visible - max(limit - 1, 1))
    }

    /// What the stack of `members` (oldest first, each with its category) shows: as title the
    /// newest member's category's summary format filled in with how many items they stand for
    /// (their `summaryArgumentCount`s) and whom they are about (their `summaryArgument`s), as
    /// body the newest members' titles and bodies. Silent, at the newest member's level.
    static func request(thread: ThreadKey, members: [(request: NotificationRequest, category: NotificationCategory?)]) -> NotificationRequest {
        let newestFirst = members.reversed()
        let contents = newestFirst.map(\.request.content)
        let count = Self.count(of: contents)
        let format = newestFirst.first?.category?.categorySummaryFormat ?? ""
        let title = SummaryFormat.render(format, count: count, argument: SummaryFormat.argument(of: contents))
        let body = contents.prefix(bodyLines).map { content in
            [content.title, content.body].filter { !$0.isEmpty }.joined(separator: ": ")
        }.joined(separator: "\n")
        let content = NotificationContent(
            title: title, body: body, threadIdentifier: thread.threadID,
            interruptionLevel: contents.first?.interruptionLevel ?? .active)
        return NotificationRequest(identifier: "x-usernoted-stack-" + thread.threadID, content: content)
    }

    /// How many items `contents` stand for (each its `summaryArgumentCount`).
    static func count(of contents: [NotificationContent]) -> Int { contents.reduce(0) { $0 + max($1.summaryArgumentCount, 1) } }

    /// The stacked members of `thread` in `live`, oldest first.
    static func members(of thread: ThreadKey, in live: [NotificationKey: Presentation]) -> [NotificationKey] {
        live.filter { $0.value.isStacked && $0.key.appID == thread.appID && $0.value.request.content.threadIdentifier == thread.threadID }
            .sorted { $0.value.order < $1.value.order }.map(\.key)
    }

    /// What ``restack(_:in:limit:order:)`` changed.
    struct Change {
        /// Whether the stack's own notification is new or shows something else now (to be shown).
        var stackChanged = false
        /// The server id the new stack took over from its oldest member (it replaces it in place).
        var takenOver: UInt32?
        /// The server ids no notification of ours has now: members' that went into the stack, a gone stack's.
        var closing: [UInt32] = []
    }

    /// Moves the oldest of `thread`'s notifications on screen in `live` into its stack while more
    /// than `limit` things of the thread would be on screen (see ``overflow(visible:hasStack:limit:)``),
    /// and brings the stack's entry in line with its members: made (in the place of its oldest
    /// member, ordered by `order`), changed, or gone with the last.
    static func restack(
        _ thread: ThreadKey, in live: inout [NotificationKey: Presentation], limit: Int, order: () -> UInt64
    ) -> Change {
        let stackKey = key(of: thread)
        let visible = live.filter {
            !$0.value.isStacked && $0.key != stackKey && $0.key.appID == thread.appID
                && $0.value.request.content.threadIdentifier == thread.threadID
        }.sorted { $0.value.order < $1.value.order }.map(\.key)
        var change = Change()
        for key in visible.prefix(overflow(visible: visible.count, hasStack: live[stackKey] != nil, limit: limit)) {
            if let id = live[key]?.stacked() { change.closing.append(id) }
        }
        let members = members(of: thread, in: live)
        let old = live[stackKey]
        guard !members.isEmpty else {
            live[stackKey] = nil
            if let id = old?.serverID { change.closing.append(id) }
            return change
        }
        var serverID = old?.serverID
        if old == nil, !change.closing.isEmpty {
            serverID = change.closing.removeFirst()
            change.takenOver = serverID
        }
        let entries = members.compactMap { live[$0] }
        let shown = request(thread: thread, members: entries.map { ($0.request, $0.category) })
        guard shown != old?.request else { return change }
        live[stackKey] = Presentation(
            request: shown, category: category(count: count(of: entries.map(\.request.content))), order: old?.order ?? order(),
            serverID: serverID)
        change.stackChanged = true
        return change
    }
}
