import DBus
import Foundation
import UsernotedAPI
import UserNotifications

// SecureChat: end-to-end encrypted pushes. The broker routes only a placeholder and a
// ciphertext; the app's service extension, which alone has the private key, shows the text.
//
//   SecureChat setup                              make the key pair (first run), set the
//                                                 extension, print the public key and token
//   SecureChat send --to KEY --from NAME TEXT     print the push payload for KEY (the sender)
//   SecureChat extension --key FILE               the service extension usernoted runs
let appID = "org.example.SecureChat"
var arguments = Array(CommandLine.arguments.dropFirst())

/// The value after `option` in `arguments`, removed from them.
@MainActor func take(_ option: String) -> String? {
    guard let at = arguments.firstIndex(of: option), at + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(at...(at + 1)) }
    return arguments[at + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SecureChat: \(message)\n".utf8))
    exit(1)
}

switch arguments.first {
case "extension":
    UNServiceExtensionMain(DecryptingExtension.self)

case "send":
    arguments.removeFirst()
    guard let recipient = take("--to"), let sender = take("--from"), let text = arguments.first else {
        fail("usage: SecureChat send --to PUBLIC_KEY --from NAME TEXT")
    }
    do {
        let sealed = try SealedMessage.seal(ChatMessage(from: sender, text: text), to: KeyStore.publicKey(recipient))
        let payload: [String: Any] = ["aps": ["alert": ["title": "New message"], "mutable-content": 1], "ciphertext": sealed]
        let json = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    } catch {
        fail("\(error)")
    }

case "setup":
    do {
        let keyFile = KeyStore.directory().appending(path: "private-key")
        let key = try KeyStore.privateKey(at: keyFile)
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let center = Proxy.usernotedCenter(on: try await Connection.sessionBus())
        try await center.call(Center1.setServiceExtension, appID, [program, "extension", "--key", keyFile.path])
        print("public key: \(key.publicKey.rawRepresentation.base64EncodedString())")
        if let token = try? await UNUserNotificationCenter(appID: appID).registerForRemoteNotifications() {
            print("token: \(token)")
        } else {
            print("token: none (usernoted has no [push] broker)")
        }
    } catch {
        fail("\(error)")
    }

default:
    fail("usage: SecureChat setup | send --to PUBLIC_KEY --from NAME TEXT | extension --key FILE")
}
