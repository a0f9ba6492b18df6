/// Limits on what apps send and keep; each breach is a `LimitExceeded` error naming the
/// field, the limit and the actual size. Lengths count Unicode scalars ("characters").
///
/// JSON (for config files): any subset of the fields below; missing ones keep their defaults.
public struct Limits: Sendable, Hashable, Codable {
    /// Categories one app may register.
    public var categoriesPerApp: Int
    /// Actions in one category.
    public var actionsPerCategory: Int
    /// Length of any identifier (category, action, request, thread, sound, intent).
    public var identifierLength: Int
    /// Length of a title or subtitle, an action title, and text-input labels.
    public var titleLength: Int
    /// Length of a body or a hidden-previews body placeholder.
    public var bodyLength: Int
    /// Bytes of `userInfo` encoded as compact JSON.
    public var userInfoBytes: Int
    /// Seconds of a time-interval trigger (default 100 years of 365.25 days).
    public var timeIntervalSeconds: Int
    /// Requests one app may have scheduled (the daemon checks this one).
    public var pendingPerApp: Int
    /// Notifications one app may put on screen now (`Post`, `Add` without a trigger) per second, in bursts of as many (the daemon checks this one).
    public var postsPerSecond: Int
    /// Bytes of an attachment's file (the daemon checks this one).
    public var attachmentBytes: Int

    /// The defaults: 64 categories, 10 actions, 256 / 1024 / 16384 characters, 64 KiB userInfo,
    /// 100-year intervals, 10 000 pending requests, 100 posts a second per app and 10 MiB attachments.
    public static let `default` = Limits()

    /// Creates limits; every value has a default.
    public init(
        categoriesPerApp: Int = 64, actionsPerCategory: Int = 10, identifierLength: Int = 256,
        titleLength: Int = 1024, bodyLength: Int = 16384, userInfoBytes: Int = 65536,
        timeIntervalSeconds: Int = 3_155_760_000, pendingPerApp: Int = 10_000, postsPerSecond: Int = 100,
        attachmentBytes: Int = 10 << 20
    ) {
        self.categoriesPerApp = categoriesPerApp
        self.actionsPerCategory = actionsPerCategory
        self.identifierLength = identifierLength
        self.titleLength = titleLength
        self.bodyLength = bodyLength
        self.userInfoBytes = userInfoBytes
        self.timeIntervalSeconds = timeIntervalSeconds
        self.pendingPerApp = pendingPerApp
        self.postsPerSecond = postsPerSecond
        self.attachmentBytes = attachmentBytes
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case categoriesPerApp, actionsPerCategory, identifierLength, titleLength, bodyLength, userInfoBytes,
             timeIntervalSeconds, pendingPerApp, postsPerSecond, attachmentBytes
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "limits")
        let d = Limits()
        func read(_ key: CodingKeys, _ fallback: Int) throws -> Int {
            guard let value = try c.decodeIfPresent(Int.self, forKey: key) else { return fallback }
            guard value >= 0 else {
                throw ModelError(.invalidJSON, at: decoder.path(.key(key.stringValue)), "must not be negative")
            }
            return value
        }
        categoriesPerApp = try read(.categoriesPerApp, d.categoriesPerApp)
        actionsPerCategory = try read(.actionsPerCategory, d.actionsPerCategory)
        identifierLength = try read(.identifierLength, d.identifierLength)
        titleLength = try read(.titleLength, d.titleLength)
        bodyLength = try read(.bodyLength, d.bodyLength)
        userInfoBytes = try read(.userInfoBytes, d.userInfoBytes)
        timeIntervalSeconds = try read(.timeIntervalSeconds, d.timeIntervalSeconds)
        pendingPerApp = try read(.pendingPerApp, d.pendingPerApp)
        postsPerSecond = try read(.postsPerSecond, d.postsPerSecond)
        attachmentBytes = try read(.attachmentBytes, d.attachmentBytes)
    }
}
