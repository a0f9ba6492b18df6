import Crypto
import Foundation
import UserNotifications

/// SecureChat's notification service extension: the push carries a placeholder alert ("New
/// message") and the sealed message in `ciphertext`; the extension opens it with the app's
/// private key and shows the sender as the title and the text as the body. If it cannot, it
/// hands nothing over and the placeholder is shown.
nonisolated final class DecryptingExtension: UNNotificationServiceExtension {
    /// The private key's file: the argument after `--key` (the argv `setup` registers), else the default place.
    static var keyFile: URL {
        let arguments = CommandLine.arguments
        if let at = arguments.firstIndex(of: "--key"), at + 1 < arguments.count { return URL(filePath: arguments[at + 1]) }
        return KeyStore.directory().appending(path: "private-key")
    }

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let sealed = request.content.userInfo["ciphertext"] as? String,
              let key = try? KeyStore.existingPrivateKey(at: Self.keyFile),
              let message = try? SealedMessage.open(sealed, with: key)
        else {
            FileHandle.standardError.write(Data("SecureChat: cannot open the message; the placeholder is shown\n".utf8))
            exit(1)
        }
        let content = request.content.mutableCopy() as! UNMutableNotificationContent
        content.title = message.from
        content.body = message.text
        content.userInfo["ciphertext"] = nil  // what the app gets in its responses needs no copy of it
        contentHandler(content)
    }
}
