// A stand-in app for tests that D-Bus activation starts: it serves Handler1 at --path,
// takes the bus name --name, appends "<request id> <action>" to --log for each response,
// and answers `dismiss`. It runs until the bus goes away.
import UsernotedAPI
import DBus
import Foundation

func option(_ name: String) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[index + 1]
}

guard let name = option("--name"), let path = option("--path").flatMap({ try? ObjectPath($0) }), let log = option("--log") else {
    FileHandle.standardError.write(Data("usage: HandlerApp --name NAME --path PATH --log FILE\n".utf8))
    exit(64)
}
let connection = try await Connection.sessionBus()
connection.export([Interface(Handler1.interface, methods: [
    Method(Handler1.didReceive) { _, json in
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let line = "\(object?["requestId"] ?? "?") \(object?["actionIdentifier"] ?? "?")\n"
        let handle = FileHandle(forWritingAtPath: log) ?? {
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            return FileHandle(forWritingAtPath: log)!
        }()
        handle.seekToEndOfFile()
        handle.write(Data(line.utf8))
        try handle.close()
        return "dismiss"
    },
])], at: path)
_ = try await connection.requestName(name)
await connection.waitUntilDisconnected()
