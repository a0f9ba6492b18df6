import Foundation
import Testing
@testable import ICUData

@Suite struct ICUDataPackageTests {
    /// A little-endian ASCII common data package's 32-byte header, as ICU writes one.
    static let header: [UInt8] = [32, 0, 0xda, 0x27, 20, 0, 0, 0, 0, 0, 2, 0] + Array("CmnD".utf8) + [1, 0, 0, 0, 76, 0, 0, 0]
        + [UInt8](repeating: 0, count: 8)

    static let items = [
        ICUDataPackage.Item(name: "icudt76l/coll/zh.res", bytes: Array(repeating: 1, count: 40)),
        ICUDataPackage.Item(name: "icudt76l/root.res", bytes: Array(repeating: 2, count: 7)),
        ICUDataPackage.Item(name: "icudt76l/zoneinfo64.res", bytes: Array(repeating: 3, count: 16)),
    ]

    @Test func aWrittenPackageReadsBackWithEachItemFromASixteenByteBoundary() throws {
        let bytes = ICUDataPackage(header: Self.header, items: Self.items).bytes
        let read = try ICUDataPackage(bytes)
        #expect(read.header == Self.header)
        #expect(read.items.map(\.name) == Self.items.map(\.name))
        // Each item's bytes come back, padded with 0xaa to 16 bytes (the last one ends the file).
        #expect(read.items[0].bytes == Self.items[0].bytes + [UInt8](repeating: 0xaa, count: 8))
        #expect(read.items[1].bytes == Self.items[1].bytes + [UInt8](repeating: 0xaa, count: 9))
        #expect(read.items[2].bytes == Self.items[2].bytes)
        let toc = Self.header.count
        for index in Self.items.indices {
            let offset = (0..<4).reduce(0) { $0 | Int(bytes[toc + 8 + 8 * index + $1]) << (8 * $1) }
            #expect((toc + offset) % 16 == 0, "item \(index) at \(offset)")
        }
    }

    @Test func droppingItemsLeavesTheOthersAsTheyWere() throws {
        var package = ICUDataPackage(header: Self.header, items: Self.items)
        package.items.removeAll { $0.path.hasPrefix("coll/") }
        let read = try ICUDataPackage(package.bytes)
        #expect(read.items.map(\.path) == ["root.res", "zoneinfo64.res"])
        #expect(read.items.last?.bytes == Self.items[2].bytes)
    }

    @Test(arguments: [
        ([UInt8](repeating: 0, count: 64), "not an ICU data file (no 0xda27 signature)"),
        (header(format: "ResB"), "not a common data package (format ResB, not CmnD)"),
        (header(bigEndian: true), "not a little-endian ASCII package"),
        (Self.header + [200, 0, 0, 0], "its table of contents (200 items) runs past the end of the file"),
    ])
    func whatIsNotAPackageThisToolReadsIsRefusedSayingWhy(bytes: [UInt8], message: String) {
        #expect(throws: ICUDataError(message)) { try ICUDataPackage(bytes) }
    }

    @Test func anItemOutsideTheFileIsRefused() {
        var bytes = ICUDataPackage(header: Self.header, items: Self.items).bytes
        bytes[Self.header.count + 4 + 4] = 0xff  // the first item's data offset, far past the end
        bytes[Self.header.count + 4 + 5] = 0xff
        #expect(throws: ICUDataError("item 0 lies outside the file")) { try ICUDataPackage(bytes) }
    }

    /// An empty package with `format` and `bigEndian` in its header.
    static func header(format: String = "CmnD", bigEndian: Bool = false) -> [UInt8] {
        var bytes = Self.header + [0, 0, 0, 0]
        bytes.replaceSubrange(12..<16, with: Array(format.utf8))
        bytes[8] = bigEndian ? 1 : 0
        return bytes
    }
}
