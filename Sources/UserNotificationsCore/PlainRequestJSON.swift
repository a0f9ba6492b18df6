/// The canonical JSON of a plain request (no trigger, `userInfo`, attachments or relevance
/// score: what `Post` makes) and of a response to one, written directly: the same text
/// `JSONEncoder` writes, for a fraction of the instructions, since each post stores its
/// request and each response is stored and sent as it is being answered.
enum PlainRequestJSON {
    /// `response`'s canonical JSON, or nil when its request is not plain.
    static func encode(_ response: NotificationResponse) -> String? {
        guard let notification = encode(response.notification) else { return nil }
        // The keys in order, as `.sortedKeys` writes them.
        var json = "{\"actionIdentifier\":"
        append(response.actionIdentifier, to: &json)
        if let token = response.activationToken {
            json += ",\"activationToken\":"
            append(token, to: &json)
        }
        json += ",\"appId\":"
        append(response.appId.rawValue, to: &json)
        json += ",\"date\":"
        append(ISO8601Date.format(response.date), to: &json)
        json += ",\"notification\":"
        json += notification
        json += ",\"requestId\":"
        append(response.requestId, to: &json)
        if let text = response.userText {
            json += ",\"userText\":"
            append(text, to: &json)
        }
        json += "}"
        return json
    }

    /// `request`'s canonical JSON, or nil when it is not plain.
    static func encode(_ request: NotificationRequest) -> String? {
        let content = request.content
        guard request.trigger == nil, content.userInfo.isEmpty, content.attachments.isEmpty, content.relevanceScore == nil
        else { return nil }
        // The keys in order, as `.sortedKeys` writes them.
        var json = "{\"content\":{"
        if let badge = content.badge { json += "\"badge\":\(badge)," }
        json += "\"body\":"
        append(content.body, to: &json)
        json += ",\"categoryIdentifier\":"
        append(content.categoryIdentifier, to: &json)
        json += ",\"interruptionLevel\":\"\(content.interruptionLevel.rawValue)\""
        if let sound = content.sound {
            json += ",\"sound\":"
            append(sound, to: &json)
        }
        json += ",\"subtitle\":"
        append(content.subtitle, to: &json)
        if !content.summaryArgument.isEmpty {
            json += ",\"summaryArgument\":"
            append(content.summaryArgument, to: &json)
        }
        if content.summaryArgumentCount != 1 { json += ",\"summaryArgumentCount\":\(content.summaryArgumentCount)" }
        if let target = content.targetContentIdentifier {
            json += ",\"targetContentIdentifier\":"
            append(target, to: &json)
        }
        json += ",\"threadIdentifier\":"
        append(content.threadIdentifier, to: &json)
        json += ",\"title\":"
        append(content.title, to: &json)
        json += ",\"userInfo\":{}},\"identifier\":"
        append(request.identifier, to: &json)
        json += "}"
        return json
    }

    /// Appends `text` as a JSON string, escaped as `JSONEncoder` escapes it (slashes not).
    private static func append(_ text: String, to json: inout String) {
        json += "\""
        var text = text
        guard text.withUTF8({ $0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } }) else {
            json += text
            json += "\""
            return
        }
        var plainFrom = text.utf8.startIndex
        for index in text.utf8.indices {
            let byte = text.utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            json += text[plainFrom..<index]
            switch byte {
            case UInt8(ascii: "\""): json += "\\\""
            case UInt8(ascii: "\\"): json += "\\\\"
            case 0x08: json += "\\b"
            case 0x0C: json += "\\f"
            case UInt8(ascii: "\n"): json += "\\n"
            case UInt8(ascii: "\r"): json += "\\r"
            case UInt8(ascii: "\t"): json += "\\t"
            default: json += "\\u00" + (byte < 0x10 ? "0" : "1") + String(byte & 0xF, radix: 16)
            }
            plainFrom = text.utf8.index(after: index)
        }
        json += text[plainFrom...]
        json += "\""
    }
}
