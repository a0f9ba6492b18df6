import Foundation

/// A CA and a server certificate it signed for `localhost` and 127.0.0.1, made with openssl for
/// a test's TLS broker; and a second CA that signed nothing here, to be refused with.
public struct TestCertificates: Sendable {
    public let directory: URL
    public var caFile: String { directory.appending(path: "ca.crt").path }
    public var serverCertificate: String { directory.appending(path: "server.crt").path }
    public var serverKey: String { directory.appending(path: "server.key").path }
    /// A CA that did not sign the server's certificate.
    public var otherCAFile: String { directory.appending(path: "other-ca.crt").path }

    public init() throws {
        directory = try TemporaryDirectory.make(prefix: "usernoted-tls")
        let dir = directory.path
        try writeScript("\(dir)/make.sh", """
            set -e
            cd '\(dir)'
            for ca in ca other-ca; do
              openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=usernoted test $ca" -keyout $ca.key -out $ca.crt 2>/dev/null
            done
            openssl req -newkey rsa:2048 -nodes -subj /CN=localhost -keyout server.key -out server.csr 2>/dev/null
            printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\n' > san.ext
            openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 -extfile san.ext -out server.crt 2>/dev/null
            chmod 644 server.key
            """)
        let result = try Command.run("/bin/sh", ["\(dir)/make.sh"])
        guard result.succeeded else { throw TestSupportError("openssl could not make the test certificates: \(result.errors)") }
    }
}
