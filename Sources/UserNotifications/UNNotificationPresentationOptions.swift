/// How a notification is shown while the app runs, as the delegate's `willPresent` answers.
public struct UNNotificationPresentationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Set the badge count.
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    /// Play the sound.
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    /// Show it (Apple's older option: banner and list).
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    /// Keep it in the notification list.
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    /// Show it as a banner.
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)

    /// The names `Handler1.WillPresent` answers: `banner`, `sound`, `badge`, `list`.
    var names: [String] {
        var names: [String] = []
        if contains(.banner) || contains(.alert) { names.append("banner") }
        if contains(.sound) { names.append("sound") }
        if contains(.badge) { names.append("badge") }
        if contains(.list) || contains(.alert) { names.append("list") }
        return names
    }
}
