/// An ICU common data package (`icudt<version>l.dat`, format `CmnD`): a header, then a table
/// of contents and the items it names (`icudt76l/coll/zh.res` …), each aligned to 16 bytes.
/// usernoted's release build links ICU's data through Foundation; it reads that package and
/// writes it again without the items the daemon never opens (docs/performance.md, footprint).
public struct ICUDataPackage: Sendable, Equatable {
    /// One item: its full name (with the package's own name first) and its bytes, padding included.
    public struct Item: Sendable, Equatable {
        public var name: String
        public var bytes: [UInt8]

        /// The name within the package (`coll/zh.res`), what the drop list's patterns match.
        public var path: Substring { name.drop { $0 != "/" }.dropFirst() }
    }

    /// The package's header (its length in its first two bytes, a multiple of 16), kept as it is.
    public var header: [UInt8]
    /// The items, sorted by name as ICU's binary search needs them.
    public var items: [Item]
}

extension ICUDataPackage {
    /// Reads a little-endian ASCII package, the only kind this machine's ICU reads.
    public init(_ bytes: [UInt8]) throws(ICUDataError) {
        guard bytes.count >= 32, bytes[2] == 0xda, bytes[3] == 0x27 else {
            throw ICUDataError("not an ICU data file (no 0xda27 signature)")
        }
        let headerSize = Int(bytes.uint16(at: 0))
        guard headerSize >= 24, headerSize % 16 == 0, bytes.count >= headerSize + 4 else {
            throw ICUDataError("its header's size \(headerSize) is not a multiple of 16 within the file")
        }
        guard bytes[12...15].elementsEqual("CmnD".utf8) else {
            throw ICUDataError("not a common data package (format \(String(decoding: bytes[12...15], as: UTF8.self)), not CmnD)")
        }
        guard bytes[8] == 0, bytes[9] == 0 else { throw ICUDataError("not a little-endian ASCII package") }
        let toc = headerSize
        let count = Int(bytes.uint32(at: toc))
        guard bytes.count >= toc + 4 + 8 * count else {
            throw ICUDataError("its table of contents (\(count) items) runs past the end of the file")
        }
        var items: [Item] = []
        items.reserveCapacity(count)
        for index in 0..<count {
            let entry = toc + 4 + 8 * index
            let nameStart = toc + Int(bytes.uint32(at: entry))
            let dataStart = toc + Int(bytes.uint32(at: entry + 4))
            let dataEnd = index + 1 < count ? toc + Int(bytes.uint32(at: entry + 12)) : bytes.count
            guard nameStart < bytes.count, let nameEnd = bytes[nameStart...].firstIndex(of: 0),
                  dataStart <= dataEnd, dataEnd <= bytes.count
            else { throw ICUDataError("item \(index) lies outside the file") }
            items.append(Item(name: String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self), bytes: Array(bytes[dataStart..<dataEnd])))
        }
        self.header = Array(bytes[0..<headerSize])
        self.items = items
    }

    /// The package as ICU reads it: the header, the table of contents, the names, then each
    /// item from a 16-byte boundary, padded with 0xaa as ICU's own tools pad.
    public var bytes: [UInt8] {
        let names: [UInt8] = items.flatMap { Array($0.name.utf8) + [0] }
        let firstItem = (4 + 8 * items.count + names.count).roundedUp(to: 16)
        var out = header
        out.append(uint32: UInt32(items.count))
        var (nameOffset, dataOffset) = (4 + 8 * items.count, firstItem)
        for item in items {
            out.append(uint32: UInt32(nameOffset))
            out.append(uint32: UInt32(dataOffset))
            nameOffset += item.name.utf8.count + 1
            dataOffset += item.bytes.count.roundedUp(to: 16)
        }
        out += names
        for item in items {
            out += [UInt8](repeating: 0xaa, count: out.count.roundedUp(to: 16) - out.count)
            out += item.bytes
        }
        return out
    }
}

/// Why a file is not a package this tool reads.
public struct ICUDataError: Error, CustomStringConvertible, Equatable {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension [UInt8] {
    fileprivate func uint16(at offset: Int) -> UInt16 { UInt16(self[offset]) | UInt16(self[offset + 1]) << 8 }
    fileprivate func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(self[offset + $1]) << (8 * $1) }
    }
    fileprivate mutating func append(uint32 value: UInt32) {
        append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
    }
}

extension Int {
    fileprivate func roundedUp(to alignment: Int) -> Int { (self + alignment - 1) / alignment * alignment }
}
