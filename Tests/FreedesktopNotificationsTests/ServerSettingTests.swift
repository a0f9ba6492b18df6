import Foundation
import Testing
import TestSupport
@testable import FreedesktopNotifications

/// A server's setting is read from the first of its config files, as the server reads it.
@Suite struct ServerSettingTests {
    static let inlineReplies = ServerSetting(file: "swaync/config.json", key: "notification-inline-replies", byDefault: false)

    /// A user and a system config directory, empty.
    let user: URL
    let system: URL

    init() throws {
        let root = TemporaryDirectory.root.appending(path: "server-setting-\(UUID())")
        user = root.appending(path: "user")
        system = root.appending(path: "system")
    }

    func write(_ text: String, under directory: URL) throws {
        let file = directory.appending(path: Self.inlineReplies.file)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    @Test func withoutAFileItIsTheServersDefault() {
        #expect(Self.inlineReplies.value(in: [user, system]) == false)
        #expect(ServerSetting(file: "x/config.json", key: "k", byDefault: true).value(in: [user, system]) == true)
    }

    @Test func theUsersFileComesBeforeTheSystems() throws {
        try write(#"{"notification-inline-replies": true}"#, under: system)
        #expect(Self.inlineReplies.value(in: [user, system]) == true, "the system's, with no file of the user's")
        try write(#"{"positionX": "right"}"#, under: user)
        #expect(Self.inlineReplies.value(in: [user, system]) == false, "the user's file, without the key: the default, as the server reads one file")
        try write(#"{"notification-inline-replies": true}"#, under: user)
        #expect(Self.inlineReplies.value(in: [user, system]) == true)
    }

    @Test func commentsAndTrailingCommasAreRead() throws {
        try write("{\n  // replies in the popup\n  \"notification-inline-replies\": true,\n}\n", under: user)
        #expect(Self.inlineReplies.value(in: [user]) == true)
    }

    @Test func aFileThatIsNotJSONOrAValueThatIsNotABooleanIsTheDefault() throws {
        try write("notification-inline-replies = true", under: user)
        #expect(Self.inlineReplies.value(in: [user]) == false)
        try write(#"{"notification-inline-replies": "yes"}"#, under: user)
        #expect(Self.inlineReplies.value(in: [user]) == false)
    }

    @Test func theConfigDirectoriesAreTheUsersThenTheSystems() {
        let environment = ProcessInfo.processInfo.environment
        let user = environment["XDG_CONFIG_HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".config").path
        let system = (environment["XDG_CONFIG_DIRS"] ?? "/etc/xdg").split(separator: ":").map(String.init)
        #expect(ServerSetting.configDirectories.map(\.path) == [user] + system)
    }
}
