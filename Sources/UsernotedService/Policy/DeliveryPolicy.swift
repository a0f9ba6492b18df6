import Foundation

/// How hard the router tries: retry delays for a failing handler, how long a response may
/// wait for one, how long a handler on the bus may take to answer, how long an exec
/// handler may run, and how long an app's service extension may take to change a notification's
/// content. The `[delivery]` table of config.toml.
struct DeliveryPolicy: Sendable, Hashable, Decodable {
    /// The first retry's delay, in seconds; each next one doubles, up to `maxRetrySeconds`.
    var firstRetrySeconds: Double
    /// The longest delay between retries, in seconds.
    var maxRetrySeconds: Double
    /// A response older than this many seconds is dropped, with a log line, instead of delivered.
    var maxAgeSeconds: Double
    /// How long an exec handler may run before it is stopped (SIGTERM, then SIGKILL) and retried.
    var execTimeoutSeconds: Double
    /// How long a handler on the bus may take to answer `DidReceive` before the call counts as failed and is retried.
    var handlerTimeoutSeconds: Double
    /// How long a service extension may run (`mutable-content`) before it is stopped and the original content is shown.
    var serviceExtensionSeconds: Double
    /// How many background pushes (`content-available` without an alert) reach an app's handler
    /// in any hour; those past it are coalesced into one, the newest, delivered when the hour allows.
    var backgroundPushesPerHour: Int

    /// The defaults: retries after 1 s, 2 s, 4 s … up to 5 minutes; responses kept for a week; exec handlers get 30 s,
    /// handlers on the bus 25 s (libdbus's default call timeout), service extensions 30 s (as on Apple platforms);
    /// 3 background pushes an hour per app (Apple advises no more than two or three).
    init(
        firstRetrySeconds: Double = 1, maxRetrySeconds: Double = 300, maxAgeSeconds: Double = 7 * 86400,
        execTimeoutSeconds: Double = 30, handlerTimeoutSeconds: Double = 25, serviceExtensionSeconds: Double = 30,
        backgroundPushesPerHour: Int = 3
    ) {
        self.backgroundPushesPerHour = backgroundPushesPerHour
        self.serviceExtensionSeconds = serviceExtensionSeconds
        self.firstRetrySeconds = firstRetrySeconds
        self.maxRetrySeconds = maxRetrySeconds
        self.maxAgeSeconds = maxAgeSeconds
        self.execTimeoutSeconds = execTimeoutSeconds
        self.handlerTimeoutSeconds = handlerTimeoutSeconds
    }

    /// The delay before retry number `attempt` (1 for the first).
    func retryDelay(attempt: Int) -> Duration {
        let seconds = min(maxRetrySeconds, firstRetrySeconds * pow(2, Double(max(0, attempt - 1))))
        return .milliseconds(Int64(seconds * 1000))
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case firstRetrySeconds, maxRetrySeconds, maxAgeSeconds, execTimeoutSeconds, handlerTimeoutSeconds, serviceExtensionSeconds
        case backgroundPushesPerHour
    }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "delivery")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = DeliveryPolicy()
        func read(_ key: CodingKeys, _ fallback: Double) throws -> Double {
            try ConfigKeys.seconds(c, key, table: "delivery", fallback: fallback)
        }
        firstRetrySeconds = try read(.firstRetrySeconds, d.firstRetrySeconds)
        maxRetrySeconds = try read(.maxRetrySeconds, d.maxRetrySeconds)
        maxAgeSeconds = try read(.maxAgeSeconds, d.maxAgeSeconds)
        execTimeoutSeconds = try read(.execTimeoutSeconds, d.execTimeoutSeconds)
        handlerTimeoutSeconds = try read(.handlerTimeoutSeconds, d.handlerTimeoutSeconds)
        serviceExtensionSeconds = try read(.serviceExtensionSeconds, d.serviceExtensionSeconds)
        backgroundPushesPerHour = try c.decodeIfPresent(Int.self, forKey: .backgroundPushesPerHour) ?? d.backgroundPushesPerHour
        guard backgroundPushesPerHour >= 1 else {
            throw ConfigError("delivery.backgroundPushesPerHour: must be 1 or more")
        }
    }
}
