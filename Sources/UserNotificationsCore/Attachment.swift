#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An image shown with a notification (Apple's `UNNotificationAttachment`).
///
/// JSON: `{"identifier"?, "url"}`; `url` is a `file://` URL of an image file. Whether the
/// file is there and may be shown is the daemon's check, made when the request is added.
public struct NotificationAttachment: Sendable, Hashable, Codable {
    /// Names the attachment; `""` when the app gave none.
    public var identifier: String
    /// The file, as a `file://` URL.
    public var url: String

    /// File name extensions of the images notification servers show (gdk-pixbuf, Qt).
    public static let imageExtensions: [String] = ["png", "jpg", "jpeg", "gif", "webp", "svg", "bmp"]

    /// Creates an attachment.
    public init(identifier: String = "", url: String) {
        self.identifier = identifier
        self.url = url
    }

    /// An attachment for a local file path.
    public init(identifier: String = "", path: String) {
        self.init(identifier: identifier, url: URL(filePath: path).absoluteString)
    }

    /// The absolute local path `url` names; nil when it is not a `file://` URL of a local file.
    public var path: String? {
        guard let parsed = URL(string: url), parsed.scheme?.lowercased() == "file",
              (parsed.host ?? "").isEmpty || parsed.host == "localhost",
              parsed.query == nil, parsed.fragment == nil
        else { return nil }
        let path = parsed.path(percentEncoded: false)
        return path.hasPrefix("/") && path.count > 1 ? path : nil
    }

    /// Whether the file name ends in one of the ``imageExtensions`` (any case).
    public var isImage: Bool {
        guard let name = path?.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return false }
        return Self.imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case identifier, url
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self, in: "attachment")
        identifier = try c.decodeIfPresent(String.self, forKey: .identifier) ?? ""
        url = try c.decode(String.self, forKey: .url)
    }
}
