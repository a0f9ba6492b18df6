import UsernotedAPI
import ArgumentParser
import DBus
import Foundation
import Synchronization

/// `usernoted-drills flood`: an app that posts as fast as it can (D5 starts it), keeping
/// `window` calls under way at once. Prints `accepted refused other` when done.
struct Flooder: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flood", abstract: "An app posting as fast as it can, for drill D5.", shouldDisplay: false)

    @Option(help: "The bus address.") var address: String
    @Option(help: "The app id to post as.") var app: String
    @Option(help: "How long to post, in seconds.") var seconds: Double
    @Option(help: "Calls under way at once.") var window = 64

    func run() async throws {
        let center = Proxy.usernotedCenter(on: try await Connection.open(address: address))
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        let counts = FloodCounts()
        let (app, window) = (app, window)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<window {
                group.addTask {
                    while ContinuousClock.now < deadline {
                        do {
                            _ = try await center.call("Post", [.string(app), .string(""), .string("Flood"), .string("as fast as it can")])
                            counts.value.withLock { $0.accepted += 1 }
                        } catch let error as DBusError where error.name.rawValue == "io.github.usernoted.Error.LimitExceeded" {
                            counts.value.withLock { $0.refused += 1 }
                        } catch {
                            counts.value.withLock { $0.other += 1 }
                            FileHandle.standardError.write(Data("flood: \(error)\n".utf8))
                        }
                    }
                }
            }
        }
        let total = counts.value.withLock { $0 }
        print("\(total.accepted) \(total.refused) \(total.other)")
    }
}

/// What the flood's calls got, counted from every task.
private final class FloodCounts: Sendable {
    let value = Mutex((accepted: 0, refused: 0, other: 0))
}
