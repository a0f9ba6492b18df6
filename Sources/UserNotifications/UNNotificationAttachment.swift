/// A file shown with a notification.
///
/// Kept on the content for source compatibility; the daemon's model has no attachments
/// yet, so they are not sent and do not come back in responses. An immutable `NSObject`, as on
/// Apple platforms: `copy()` is itself, equal attachments are `isEqual`.
public final class UNNotificationAttachment: NSObject, NSCopying, Sendable {
    /// Names the attachment.
    public let identifier: String
    /// The file.
    public let url: URL
    /// The file's type; `""` when unknown.
    public let type: String

    /// Creates an attachment for an existing local file; throws `attachmentInvalidURL` otherwise.
    /// The options (``UNNotificationAttachmentOptionsTypeHintKey`` and the thumbnail keys) are ignored.
    public init(identifier: String, url: URL, options: [AnyHashable: Any]? = nil) throws {
        guard url.isFileURL, FileManager.default.fileExists(atPath: url.path) else {
            throw UNError(.attachmentInvalidURL, "\(url) is not an existing local file")
        }
        self.identifier = identifier
        self.url = url
        self.type = ""
        super.init()
    }

    /// Itself: an attachment does not change.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is an attachment with the same identifier, file and type.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationAttachment else { return false }
        return identifier == other.identifier && url == other.url && type == other.type
    }

    public override var hash: Int { identifier.hashValue }
}
