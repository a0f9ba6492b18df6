#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import UserNotificationsCore

/// `post --image PATH`: the request's `content.attachments`, Apple's `UNNotificationAttachment` as JSON.
enum ImageAttachment {
    /// `requestJSON` with `[{"identifier": "image", "url": "file:///…"}]` as its content's attachments.
    static func adding(_ path: String, to requestJSON: String) -> String {
        guard case var .object(request)? = try? ModelJSON.decode(JSONValue.self, from: requestJSON, root: "request"),
              case var .object(content)? = request["content"]
        else { return requestJSON }
        content["attachments"] = .array([.object(["identifier": .string("image"), "url": .string(url(of: path))])])
        request["content"] = .object(content)
        return ModelJSON.encode(JSONValue.object(request))
    }

    /// The `file://` URL of `path`, made absolute against the working directory.
    static func url(of path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(filePath: absolute).standardized.absoluteString
    }
}
