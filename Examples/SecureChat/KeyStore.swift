import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The app's key pair: the private key in its own data directory
/// (`$XDG_DATA_HOME/usernoted-examples/SecureChat/private-key`, base64, mode 0600, in a
/// directory of mode 0700), made on first run; the public key is what senders encrypt for.
enum KeyStore {
    /// The directory, as `XDG_DATA_HOME` (else `~/.local/share`) says.
    static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(filePath: $0) : nil }
            ?? URL(filePath: environment["HOME"] ?? NSHomeDirectory()).appending(path: ".local/share")
        return base.appending(path: "usernoted-examples/SecureChat")
    }

    /// The private key in `file`, made (and written, readable by the user alone) when there is none.
    static func privateKey(at file: URL) throws -> Curve25519.KeyAgreement.PrivateKey {
        if let text = try? String(contentsOf: file, encoding: .utf8) { return try read(text) }
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let key = Curve25519.KeyAgreement.PrivateKey()
        let fd = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SecureChatError("cannot create \(file.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let text = Array((key.rawRepresentation.base64EncodedString() + "\n").utf8)
        guard write(fd, text, text.count) == text.count else { throw SecureChatError("cannot write \(file.path)") }
        return key
    }

    /// The private key already in `file`.
    static func existingPrivateKey(at file: URL) throws -> Curve25519.KeyAgreement.PrivateKey {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { throw SecureChatError("no private key at \(file.path); run SecureChat setup") }
        return try read(text)
    }

    /// A public key given as base64.
    static func publicKey(_ text: String) throws -> Curve25519.KeyAgreement.PublicKey {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SecureChatError("the public key is not base64")
        }
        return try Curve25519.KeyAgreement.PublicKey(rawRepresentation: data)
    }

    private static func read(_ text: String) throws -> Curve25519.KeyAgreement.PrivateKey {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SecureChatError("the private key file is not base64")
        }
        return try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: data)
    }
}
