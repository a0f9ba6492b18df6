/// The canonical JSON of a plain request (no trigger, `userInfo`, attachments or relevance
/// score: what `Post` makes) and of a response to one, written directly: the same text
/// `JSONEncoder` writes, for a fraction of the instructions, since each post stores its
/// request and each response is stored and sent as it is being answered.
enum PlainRequestJSON {
    /// `response`'s canonical JSON, or nil when its request is not plain.
    static func encode(_ response: NotificationResponse) -> String? {
        guard let notification = encode(response.notification) else { return nil }
        // The keys in order, as `.sortedKeys` writes them.
        var json = JSONText("{\"actionIdentifier\":")
        json.string(response.actionIdentifier)
        if let token = response.activationToken {
            json.raw(",\"activationToken\":")
            json.string(token)
        }
        json.raw(",\"appId\":")
        json.string(response.appId.rawValue)
        json.raw(",\"date\":")
        json.string(ISO8601Date.format(response.date))
        json.raw(",\"notification\":")
        json.raw(notification)
        json.raw(",\"requestId\":")
        json.string(response.requestId)
        if let text = response.userText {
            json.raw(",\"userText\":")
            json.string(text)
        }
        json.raw("}")
        return json.text
    }

    /// `request`'s canonical JSON, or nil when it is not plain.
    static func encode(_ request: NotificationRequest) -> String? {
        let content = request.content
        guard request.trigger == nil, content.userInfo.isEmpty, content.attachments.isEmpty, content.relevanceScore == nil
        else { return nil }
        // The keys in order, as `.sortedKeys` writes them.
        var json = JSONText("{\"content\":{")
        if let badge = content.badge { json.raw("\"badge\":\(badge),") }
        json.raw("\"body\":")
        json.string(content.body)
        json.raw(",\"categoryIdentifier\":")
        json.string(content.categoryIdentifier)
        json.raw(",\"interruptionLevel\":")
        json.string(content.interruptionLevel.rawValue)
        if let sound = content.sound {
            json.raw(",\"sound\":")
            json.string(sound)
        }
        json.raw(",\"subtitle\":")
        json.string(content.subtitle)
        if !content.summaryArgument.isEmpty {
            json.raw(",\"summaryArgument\":")
            json.string(content.summaryArgument)
        }
        if content.summaryArgumentCount != 1 { json.raw(",\"summaryArgumentCount\":\(content.summaryArgumentCount)") }
        if let target = content.targetContentIdentifier {
            json.raw(",\"targetContentIdentifier\":")
            json.string(target)
        }
        json.raw(",\"threadIdentifier\":")
        json.string(content.threadIdentifier)
        json.raw(",\"title\":")
        json.string(content.title)
        json.raw(",\"userInfo\":{}},\"identifier\":")
        json.string(request.identifier)
        json.raw("}")
        return json.text
    }
}

/// JSON text being written, as UTF-8 bytes in one buffer (appending to a `String` piece by
/// piece cost several times as many instructions).
private struct JSONText {
    private var bytes: [UInt8] = []

    /// Text that starts with `start`.
    init(_ start: String) {
        bytes.reserveCapacity(512)
        raw(start)
    }

    /// The text written.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text` as it is.
    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends `text` as a JSON string, escaped as `JSONEncoder` escapes it (slashes not).
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        if text.withUTF8({ !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } }) {
            bytes.append(contentsOf: text.utf8)  // nothing to escape: copied at once
        } else {
            escape(text)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text`'s bytes with JSON's escapes.
    private mutating func escape(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case ..<0x20: raw("\\u00" + (byte < 0x10 ? "0" : "1") + String(byte & 0xF, radix: 16))
            default: bytes.append(byte)
            }
        }
    }
}
