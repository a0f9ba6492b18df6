import Dispatch
import UserNotificationsCore

#if canImport(Glibc)
import Glibc
#endif

/// Runs `extensionType` as usernoted runs a service extension, and exits: reads the request
/// (JSON, as `Add` takes it) from standard input, makes an instance, calls
/// ``UNNotificationServiceExtension/didReceive(_:withContentHandler:)``, and prints the first
/// content handed to the content handler as JSON (status 0). The time is
/// `USERNOTED_EXTENSION_SECONDS` (30 when unset); ``UNNotificationServiceExtension/serviceExtensionTimeWillExpire()``
/// is called 2 seconds before it runs out (a fifth of the time when that is under 10 seconds),
/// and at the end without content the process exits with status 1, so the original is shown.
/// A request that cannot be read exits with status 2.
///
/// ```swift
/// // main.swift of the extension's executable
/// import UserNotifications
/// UNServiceExtensionMain(DecryptingExtension.self)
/// ```
@MainActor
public func UNServiceExtensionMain(_ extensionType: UNNotificationServiceExtension.Type) -> Never {
    let input = FileHandle.standardInput.readDataToEndOfFile()
    let seconds = ServiceExtensionHost.seconds(in: ProcessInfo.processInfo.environment)
    Task { @MainActor in
        do {
            switch try await ServiceExtensionHost.run(extensionType, input: input, seconds: seconds) {
            case .content(let json):
                FileHandle.standardOutput.write(Data((json + "\n").utf8))
                exit(0)
            case .expired:
                FileHandle.standardError.write(Data("the extension handed over no content within \(seconds) s\n".utf8))
                exit(1)
            }
        } catch {
            FileHandle.standardError.write(Data("\(error.localizedDescription)\n".utf8))
            exit(2)
        }
    }
    dispatchMain()
}

/// One run of a service extension inside its process, apart from the process's streams.
enum ServiceExtensionHost {
    /// How a run ended.
    enum Outcome: Sendable, Equatable {
        /// The content the extension handed over, as JSON (as in `Add`).
        case content(String)
        /// The time ran out first.
        case expired
    }

    /// The extension's time: `USERNOTED_EXTENSION_SECONDS`, else 30.
    static func seconds(in environment: [String: String]) -> Double {
        guard let text = environment["USERNOTED_EXTENSION_SECONDS"], let value = Double(text), value > 0, value.isFinite else { return 30 }
        return value
    }

    /// How long before the end of `seconds` `serviceExtensionTimeWillExpire()` is called.
    static func warning(before seconds: Double) -> Double { min(2, seconds / 5) }

    /// Runs an instance of `type` on the request in `input`: the first content its handler gets,
    /// or `.expired` when `seconds` run out first (after `serviceExtensionTimeWillExpire()`).
    static func run(
        _ type: UNNotificationServiceExtension.Type, input: Data, seconds: Double
    ) async throws(UNError) -> Outcome {
        let model: NotificationRequest
        do {
            model = try ModelJSON.decodeRequest(String(decoding: input, as: UTF8.self), limits: nil)
        } catch {
            throw UNError(.requestRejected, name: error.kind.dbusName.rawValue, "the request on standard input: \(error.message)")
        }
        let instance = type.init()
        let (outcomes, continuation) = AsyncStream.makeStream(of: Outcome.self)
        instance.didReceive(UNNotificationRequest(model)) { content in
            continuation.yield(.content(ModelJSON.encode(content.model)))
        }
        let warning = warning(before: seconds)
        let timer = Task { @MainActor in
            do {
                try await Task.sleep(for: .milliseconds(Int64((seconds - warning) * 1000)))
                instance.serviceExtensionTimeWillExpire()
                try await Task.sleep(for: .milliseconds(Int64(warning * 1000)))
                continuation.yield(.expired)
            } catch {}  // cancelled: content came
        }
        defer { timer.cancel() }
        for await outcome in outcomes { return outcome }
        return .expired
    }
}
