// A stand-in for a sandboxed app in tests: it (optionally) moves itself into the control group
// --cgroup DIR (as snapd puts a snap) and chroots into --chroot DIR (a directory holding a
// .flatpak-info, as Flatpak's root does, and the bus's socket), then connects to the session
// bus, as a sandboxed app is sandboxed before it connects, and makes Center1 calls. Each call is `-- METHOD ARG…`, each ARG typed: s:text, o:/path, i:3,
// as:a,b (as: is empty). It prints one line per call: `ok <string reply>` or
// `error <error name> <message>`. `-- receive` is no call: it prints the next `Response`
// signal the connection gets (it listens from the start) as `signal <app id> <request id>
// <action id>`, or `no signal` after 10 s.
import UsernotedAPI
import DBus
import Foundation

#if canImport(Glibc)
import Glibc
#endif

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CallerApp: \(message)\n".utf8))
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var chrootDirectory: String?
var cgroupDirectory: String?
while let first = arguments.first, first != "--" {
    guard arguments.count >= 2 else { fail("\(first) needs a value") }
    switch first {
    case "--chroot": chrootDirectory = arguments[1]
    case "--cgroup": cgroupDirectory = arguments[1]
    default: fail("unknown option \(first)")
    }
    arguments.removeFirst(2)
}
let calls = arguments.split(separator: "--").map(Array.init)

func value(_ typed: String) -> Value {
    guard let colon = typed.firstIndex(of: ":") else { fail("argument \(typed) has no type") }
    let (type, text) = (typed[..<colon], String(typed[typed.index(after: colon)...]))
    switch type {
    case "s": return .string(text)
    case "o": return .objectPath(ObjectPath(stringLiteral: text))
    case "i": return .int32(Int32(text) ?? 0)
    case "as": return text.isEmpty ? [String]().dbusValue : text.split(separator: ",").map(String.init).dbusValue
    default: fail("unknown type \(type)")
    }
}

if let cgroupDirectory {
    guard (try? "0\n".write(toFile: cgroupDirectory + "/cgroup.procs", atomically: false, encoding: .utf8)) != nil else {
        fail("cannot move into \(cgroupDirectory)")
    }
}
if let chrootDirectory {
    guard chroot(chrootDirectory) == 0, chdir("/") == 0 else { fail("cannot chroot into \(chrootDirectory): errno \(errno)") }
}
let connection = try await Connection.sessionBus()
// Every Response signal this connection gets, as a program trying to read them would ask.
let signals = try await connection.signals(matching: Center1.responses(of: nil))
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
/// Makes `calls` in order; `receive` prints the next Response signal from `signals`.
func run(_ calls: [[String]], on connection: Connection, signals: SignalStream) async {
    var signals = signals.makeAsyncIterator()
    for call in calls {
        guard let method = call.first else { continue }
        if method == "receive" {
            // After 10 s the connection closes, which ends the stream (and any later call).
            let timeout = Task {
                try await Task.sleep(for: .seconds(10))
                connection.close()
            }
            let message = await signals.next()
            timeout.cancel()
            if let message, let arguments = try? Center1.response.arguments(of: message) {
                say("signal \(arguments.0) \(arguments.1) \(arguments.2)")
            } else {
                say("no signal")
            }
            continue
        }
        do {
            let reply = try await connection.call(
                destination: Center1.busName, path: Center1.path, interface: Center1.interface,
                method: method, call.dropFirst().map(value), timeout: .seconds(10))
            say("ok \(reply.first?.as(String.self) ?? "")")
        } catch let error as DBusError {
            say("error \(error.name.rawValue) \(error.message.replacingOccurrences(of: "\n", with: " "))")
        } catch {
            say("error \(error)")
        }
    }
}
await run(calls, on: connection, signals: signals)
