#if canImport(Glibc)
import UsernotedAPI
import Glibc
#endif
import Foundation
import DBus
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// A fresh directory for one test's files, removed at the end.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = try TemporaryDirectory.make(prefix: "usernoted-attachments")
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` bytes to `name`; returns its path.
    func file(_ name: String, bytes: Int = 16) throws -> String {
        let path = url.appending(path: name).path
        try Data(repeating: 0x89, count: bytes).write(to: URL(filePath: path))
        return path
    }
}

@Suite struct AttachmentFileTests {
    static func check(_ path: String, maxBytes: Int = 1024) -> Result<String, AttachmentFile.Problem> {
        AttachmentFile.check(NotificationAttachment(path: path), maxBytes: maxBytes)
    }

    static func problem(_ path: String, maxBytes: Int = 1024) -> String? {
        if case .failure(let problem) = check(path, maxBytes: maxBytes) { return problem.text }
        return nil
    }

    @Test func anOrdinaryFileOfTheUsersIsShownByItsRealPath() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("cat.png")
        let real = try #require(AttachmentFile.realPath(path))
        #expect(try Self.check(path).get() == real)
        let link = scratch.url.appending(path: "link.png").path
        #expect(symlink(path, link) == 0)
        #expect(try Self.check(link).get() == real, "a link is followed to the file")
    }

    @Test func aMissingFileIsNamed() {
        #expect(Self.problem("/nonexistent/usernoted/cat.png") == "does not exist")
    }

    @Test func directoriesFIFOsAndDevicesAreRefused() throws {
        let scratch = try ScratchDirectory()
        let directory = scratch.url.appending(path: "dir.png").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        #expect(Self.problem(directory) == "is a directory, not an ordinary file")
        let fifo = scratch.url.appending(path: "pipe.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(Self.problem(fifo) == "is a FIFO (named pipe), not an ordinary file")
        let device = scratch.url.appending(path: "null.png").path
        #expect(symlink("/dev/null", device) == 0)
        #expect(Self.problem(device)?.hasPrefix("is under /dev (as /dev/null)") == true)
    }

    @Test func socketsAndDeviceNodesOutsideDevAreRefused() throws {
        let scratch = try ScratchDirectory()
        let socket = try ListeningSocket(at: scratch.url.appending(path: "socket.png").path)
        #expect(Self.problem(socket.path) == "is a socket, not an ordinary file")
        // Device nodes made outside /dev (root can; 1,5 is /dev/zero, 7,0 a loop device): refused for what they are.
        if geteuid() == 0 {
            let node = scratch.url.appending(path: "zero.png").path
            #expect(mknod(node, S_IFCHR | 0o600, dev_t(1 << 8 | 5)) == 0)
            #expect(Self.problem(node) == "is a character device, not an ordinary file")
            let block = scratch.url.appending(path: "loop.png").path
            #expect(mknod(block, S_IFBLK | 0o600, dev_t(7 << 8)) == 0)
            #expect(Self.problem(block) == "is a block device, not an ordinary file")
        }
    }

    @Test func aSandboxedAppsFilesMustBeInItsDirectoryAndOthersAreNotTold() throws {
        let scratch = try ScratchDirectory()
        let own = scratch.url.appending(path: "home/.var/app/org.example.Notes")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        let inside = own.appending(path: "pic.png").path
        try Data([0x89]).write(to: URL(filePath: inside))
        let secret = try scratch.file("secret.png")
        let outward = own.appending(path: "link.png").path
        #expect(symlink(secret, outward) == 0)
        let dangling = own.appending(path: "dangling.png").path
        #expect(symlink(scratch.url.appending(path: "nothing.png").path, dangling) == 0)
        func problem(_ path: String) -> String? {
            if case .failure(let problem) = AttachmentFile.check(NotificationAttachment(path: path), maxBytes: 1024, within: own.path) {
                return problem.text
            }
            return nil
        }
        #expect(problem(inside) == nil)
        let outside = "is not a file in \(own.path), the only place a sandboxed app's attachments may come from"
        // Elsewhere, there or not, by its name, through `..`, or through a link: one answer.
        for path in [secret, scratch.url.appending(path: "nothing.png").path, own.path + "/../../../secret.png", outward, dangling,
                     own.path + "-evil/pic.png"] {
            #expect(problem(path) == outside, "\(path)")
        }
        #expect(problem(own.appending(path: "missing.png").path) == outside)
        // Without a directory, the same files are the user's and the usual answers apply.
        #expect(Self.problem(secret) == nil && Self.problem(scratch.url.appending(path: "nothing.png").path) == "does not exist")
    }

    @Test func onlyLocalFileURLsAreAttachments() {
        for url in ["https://example.org/cat.png", "file://otherhost/home/me/cat.png", "cat.png", "file:cat.png",
                    "file:///home/me/cat.png?x=1", "file:///", "data:image/png;base64,AAAA"] {
            let problem = AttachmentFile.check(NotificationAttachment(url: url), maxBytes: 1024)
            guard case .failure(let why) = problem else {
                Issue.record("\(url) passed")
                continue
            }
            #expect(why.text == "is not a file:// URL of a local file", "\(url)")
        }
    }

    @Test func procAndSysAreRefusedEvenThroughALink() throws {
        #expect(Self.problem("/proc/self/status")?.hasPrefix("is under /proc") == true)
        #expect(Self.problem("/sys/kernel/uevent_seqnum")?.hasPrefix("is under /sys") == true)
        let scratch = try ScratchDirectory()
        let link = scratch.url.appending(path: "environ.png").path
        #expect(symlink("/proc/self/environ", link) == 0)
        #expect(Self.problem(link)?.contains("is under /proc") == true)
    }

    @Test func anotherUsersFileIsRefused() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("theirs.png")
        if geteuid() == 0 {
            #expect(chown(path, 65534, 65534) == 0)
            #expect(Self.problem(path) == "belongs to another user (uid 65534); attachments must be your own files")
        } else {
            #expect(Self.problem("/etc/passwd")?.hasPrefix("belongs to another user (uid 0)") == true)
        }
    }

    @Test func aFileOverTheLimitIsALimitError() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("big.png", bytes: 2000)
        guard case .failure(let problem) = Self.check(path, maxBytes: 1999) else {
            Issue.record("a 2000-byte file passed a 1999-byte limit")
            return
        }
        #expect(problem.kind == .limitExceeded)
        #expect(problem.text == "is 2000 bytes; the limit is 1999 (attachmentBytes)")
        #expect(try Self.check(path, maxBytes: 2000).get().hasSuffix("/big.png"))
    }

    @Test func anUnreadableFileIsRefused() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("locked.png")
        #expect(chmod(path, 0) == 0)
        // root reads anything; the check then agrees with what the server could do.
        let readable = access(path, R_OK) == 0
        #expect((Self.problem(path) == nil) == readable)
        if !readable { #expect(Self.problem(path)?.hasPrefix("cannot be read") == true) }
    }

    @Test func validationNamesTheAttachmentAndItsPlace() throws {
        let scratch = try ScratchDirectory()
        let good = try scratch.file("ok.png")
        let request = NotificationRequest(identifier: "r", content: NotificationContent(attachments: [
            NotificationAttachment(path: good),
            NotificationAttachment(identifier: "photo", path: scratch.url.appending(path: "gone.png").path),
        ]))
        do {
            try AttachmentFile.validate(request, maxBytes: 1024)
            Issue.record("a missing file passed")
        } catch {
            #expect(error.kind == .invalidRequest)
            #expect(error.message.hasPrefix("content.attachments[1].url: 'file://"))
            #expect(error.message.hasSuffix("/gone.png' ('photo') does not exist"))
        }
        var big = request
        big.content.attachments = [NotificationAttachment(path: try scratch.file("big.png", bytes: 10))]
        #expect(throws: ModelError.self) { try AttachmentFile.validate(big, maxBytes: 9) }
        #expect(throws: Never.self) { try AttachmentFile.validate(big, maxBytes: 10) }
    }

    @Test func theImageURIIsTheFirstImageThatCanBeShown() throws {
        let scratch = try ScratchDirectory()
        let first = try scratch.file("a b.png")
        let second = try scratch.file("b.jpg")
        let real = try #require(AttachmentFile.realPath(first))
        #expect(AttachmentFile.imageURI(of: [NotificationAttachment(path: first), NotificationAttachment(path: second)])
                == URL(filePath: real).absoluteString)
        #expect(AttachmentFile.imageURI(of: [NotificationAttachment(path: first)])?.hasSuffix("/a%20b.png") == true)
        let missing = NotificationAttachment(path: scratch.url.appending(path: "gone.png").path)
        #expect(AttachmentFile.imageURI(of: [missing, NotificationAttachment(path: second)])?.hasSuffix("/b.jpg") == true)
        #expect(AttachmentFile.imageURI(of: [missing]) == nil)
        #expect(AttachmentFile.imageURI(of: []) == nil)
    }

    /// Runs `arguments` as uid 65534 (nobody), with `environment`.
    static func asNobody(_ arguments: [String]) -> [String] {
        ["--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to run the daemon as another user"))
    func theDaemonOfAnOrdinaryUserRefusesFilesItCannotReadAndFilesOfOthers() async throws {
        let bus = try PrivateBus()
        let home = bus.directory.appending(path: "nobody")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
        #expect(chown(home.path, 65534, 65534) == 0)
        let watcher = try await bus.connect()
        let owners = try await watcher.nameOwnerChanges(of: "io.github.usernoted")
        var environment = bus.environment
        environment["HOME"] = home.path
        let binary = DaemonProcess.binary
        let (daemon, _) = try ManagedProcess.start(
            "setpriv", Self.asNobody([binary, "--state-dir", home.appending(path: "state").path]), environment: environment)
        defer { daemon.stop() }
        _ = try await withDeadline(.seconds(15), "usernoted as nobody owning its name") {
            for await change in owners where !change.newOwner.isEmpty { return true }
            throw TestSupportError("usernoted exited: \(daemon.log)")
        }
        let locked = home.appending(path: "locked.png").path
        try Data([0x89]).write(to: URL(filePath: locked))
        #expect(chown(locked, 65534, 65534) == 0 && chmod(locked, 0) == 0)
        let roots = home.appending(path: "roots.png").path
        try Data([0x89]).write(to: URL(filePath: roots))
        func add(_ path: String) async throws -> String {
            let request = #"{"content":{"title":"t","attachments":[{"url":"file://\#(path)"}]}}"#
            let result = try await Command.runInBackground("setpriv", Self.asNobody([
                "dbus-send", "--bus=\(bus.address)", "--print-reply", "--dest=io.github.usernoted", "/io/github/usernoted",
                "io.github.usernoted.Center1.Add", "string:org.example.Photos", "string:\(request)"]), environment: environment)
            return result.errors.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try await add(locked) == "Error io.github.usernoted.Error.InvalidRequest: content.attachments[0].url: 'file://\(locked)' cannot be read (Permission denied)")
        #expect(try await add(roots) == "Error io.github.usernoted.Error.InvalidRequest: content.attachments[0].url: 'file://\(roots)' belongs to another user (uid 0); attachments must be your own files")
    }
}
