/// A file shown with a notification.
///
/// Kept on the content for source compatibility; the daemon's model has no attachments
/// yet, so they are not sent and do not come back in responses.
public struct UNNotificationAttachment: Sendable, Hashable {
    /// Names the attachment.
    public let identifier: String
    /// The file.
    public let url: URL
    /// The file's type; `""` when unknown.
    public let type: String

    /// Creates an attachment for an existing local file; throws `attachmentInvalidURL` otherwise.
    public init(identifier: String, url: URL, options: [AnyHashable: Any]? = nil) throws {
        guard url.isFileURL, FileManager.default.fileExists(atPath: url.path) else {
            throw UNError(.attachmentInvalidURL, "\(url) is not an existing local file")
        }
        self.identifier = identifier
        self.url = url
        self.type = ""
    }
}
