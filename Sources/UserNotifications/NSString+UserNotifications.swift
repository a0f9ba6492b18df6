extension NSString {
    /// The string of `key` in the app's `Localizable.strings` (its main bundle), formatted with
    /// `arguments`; the key itself, formatted, when there is no translation (as on Apple
    /// platforms, where the system localizes it when the notification is shown).
    public class func localizedUserNotificationString(forKey key: String, arguments: [Any]?) -> String {
        let format = Bundle.main.localizedString(forKey: key, value: key, table: nil)
        let values = (arguments ?? []).map(formatArgument)
        return String(format: format, arguments: values)
    }

    /// One argument as `String(format:)` takes it: numbers as they are, everything else as its description (for `%@`).
    private static func formatArgument(_ argument: Any) -> any CVarArg {
        switch argument {
        case let value as Int: value
        case let value as Double: value
        case let value as NSNumber: Double(exactly: value.intValue) == value.doubleValue ? value.intValue : value.doubleValue
        case let value as String: value as NSString
        default: "\(argument)" as NSString
        }
    }
}
