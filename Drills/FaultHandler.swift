import ArgumentParser
import DBus
import UsernotedAPI
import Foundation

/// `usernoted-drills fault-handler`: an app whose handler is broken in one way, in a process
/// of its own (D4 starts it). Owns the app id on the bus and serves `Handler1` at the drills'
/// path; prints `ready` once it owns the name, and a line on standard error per `DidReceive`.
struct FaultHandler: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fault-handler", abstract: "A broken app handler, for drill D4.", shouldDisplay: false)

    /// How the handler is broken.
    enum Fault: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// The process dies (SIGABRT) in the middle of the call.
        case crash
        /// The call never returns.
        case hang
        /// It answers with an int instead of the disposition string.
        case wrongSignature = "wrong-signature"
    }

    @Option(help: "The bus address.") var address: String
    @Option(help: "The app id to own.") var app: String
    @Option(help: "crash, hang or wrong-signature.") var fault: Fault

    func run() async throws {
        let connection = try await Connection.open(address: address)
        connection.export([Interface(Handler1.interface, methods: [Self.didReceive(fault)])], at: Tally.path)
        guard try await connection.requestName(app) == .primaryOwner else { throw ValidationError("\(app) is taken") }
        print("ready")
        fflush(nil)
        await connection.waitUntilDisconnected()
    }

    private static func didReceive(_ fault: Fault) -> Method {
        switch fault {
        case .crash:
            return Method(Handler1.didReceive) { _, _ -> String in
                note()
                abort()
            }
        case .hang:
            return Method(Handler1.didReceive) { _, _ -> String in
                note()
                while true { try await Task.sleep(for: .seconds(3600)) }
            }
        case .wrongSignature:
            // Declared with the wrong reply type on purpose: an integer where a disposition belongs.
            return Method(MethodDeclaration<String, Int32>(Handler1.didReceive.name, in: "response_json", out: "disposition")) { _, _ in
                note()
                return 1
            }
        }
    }

    private static func note() { FileHandle.standardError.write(Data("DidReceive\n".utf8)) }
}
