import Crypto
import Foundation

/// A chat message as the sender writes it and the extension reads it.
struct ChatMessage: Codable, Equatable {
    var from: String
    var text: String
}

/// End-to-end encryption of a message for one recipient's X25519 public key: a fresh key pair
/// per message, X25519 with the recipient's key, HKDF-SHA256, ChaCha20-Poly1305. What travels is
/// base64 of the ephemeral public key (32 bytes) and the sealed box (nonce, ciphertext, tag):
/// only the holder of the recipient's private key can open it.
enum SealedMessage {
    static let info = Data("usernoted SecureChat v1".utf8)

    /// `message` sealed for `recipient`, as base64.
    static func seal(_ message: ChatMessage, to recipient: Curve25519.KeyAgreement.PublicKey) throws -> String {
        let ephemeral = Curve25519.KeyAgreement.PrivateKey()
        let key = try symmetricKey(ephemeral.sharedSecretFromKeyAgreement(with: recipient),
                                   ephemeral: ephemeral.publicKey, recipient: recipient)
        let box = try ChaChaPoly.seal(JSONEncoder().encode(message), using: key)
        return (ephemeral.publicKey.rawRepresentation + box.combined).base64EncodedString()
    }

    /// The message sealed in `text` for the holder of `privateKey`.
    static func open(_ text: String, with privateKey: Curve25519.KeyAgreement.PrivateKey) throws -> ChatMessage {
        guard let data = Data(base64Encoded: text), data.count > 32 + 28 else { throw SecureChatError("the ciphertext is not base64 of a sealed message") }
        let ephemeral = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: data.prefix(32))
        let key = try symmetricKey(privateKey.sharedSecretFromKeyAgreement(with: ephemeral),
                                   ephemeral: ephemeral, recipient: privateKey.publicKey)
        let plain = try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: data.dropFirst(32)), using: key)
        return try JSONDecoder().decode(ChatMessage.self, from: plain)
    }

    private static func symmetricKey(
        _ secret: SharedSecret, ephemeral: Curve25519.KeyAgreement.PublicKey, recipient: Curve25519.KeyAgreement.PublicKey
    ) -> SymmetricKey {
        secret.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: ephemeral.rawRepresentation + recipient.rawRepresentation, sharedInfo: info, outputByteCount: 32)
    }
}

/// Why SecureChat cannot go on.
struct SecureChatError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
