#if canImport(Glibc)
import Glibc
#endif
import DBus
import Foundation
import Logging
import Testing
import TestSupport
@testable import UsernotedService

/// The files portal notifications' icons are kept in.
@Suite struct PortalIconsTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func icons(limit: Int = 256) -> PortalIcons {
        PortalIcons(directory: TemporaryDirectory.root.appending(path: "portal-icons-\(UUID())"), limit: limit,
                    maxBytes: 64, logger: Logger(label: "test"))
    }

    static func files(_ icons: PortalIcons) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: icons.directory.path))
    }

    @Test func theSameIconIsOneFileNamedByItsContent() throws {
        let icons = Self.icons()
        defer { try? FileManager.default.removeItem(at: icons.directory) }
        let first = try #require(icons.keep(Self.png + [1]))
        #expect(icons.keep(Self.png + [1]) == first)
        #expect(first.hasSuffix(".png") && first.hasPrefix(icons.directory.absoluteString))
        #expect(try Data(contentsOf: #require(URL(string: first))) == Data(Self.png + [1]))
        let svg = try #require(icons.keep(Array(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8)))
        #expect(svg.hasSuffix(".svg") && svg != first)
        #expect(try Self.files(icons).count == 2)
    }

    @Test func pastTheLimitTheLeastRecentlyUsedGo() throws {
        let icons = Self.icons(limit: 2)
        defer { try? FileManager.default.removeItem(at: icons.directory) }
        let a = try #require(icons.keep(Self.png + [1]))
        let b = try #require(icons.keep(Self.png + [2]))
        // a is older by its time, then used again: b is the least recently used.
        for (file, age) in [(a, 20.0), (b, 10.0)] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: URL(string: file)!.path)
        }
        #expect(icons.keep(Self.png + [1]) == a)
        let c = try #require(icons.keep(Self.png + [3]))
        #expect(try Self.files(icons) == Set([a, c].map { URL(string: $0)!.lastPathComponent }))
    }

    @Test func onlyAnOrdinaryFileWithinTheLimitIsRead() throws {
        let icons = Self.icons()
        #expect(icons.keep([UInt8](repeating: 1, count: 65)) == nil, "over maxBytes")
        #expect(icons.keep([]) == nil)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(PortalIcons.read(UnixFD(ends[0]), maxBytes: 64) == nil, "a pipe is not read (it could keep the loop waiting)")
        let file = icons.directory.deletingLastPathComponent().appending(path: "icon-\(UUID())")
        try Data(Self.png).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let descriptor = open(file.path, O_RDONLY)
        defer { close(descriptor) }
        #expect(PortalIcons.read(UnixFD(descriptor), maxBytes: 64) == Self.png)
        #expect(PortalIcons.read(UnixFD(descriptor), maxBytes: 7) == nil)
    }
}
