import CLinux
import Foundation

extension UUID {
    /// A new random (version 4) UUID from one `getrandom` call: Foundation's `UUID()` opens,
    /// reads and closes `/dev/urandom` for each one on Linux, three system calls of every
    /// `Post` that names no identifier.
    static func random() -> UUID {
        var uuid: uuid_t = unsafeBitCast((UInt64(0), UInt64(0)), to: uuid_t.self)
        let filled = withUnsafeMutableBytes(of: &uuid) { getrandom($0.baseAddress, $0.count, 0) }
        guard filled == MemoryLayout<uuid_t>.size else { return UUID() }  // getrandom failed: Foundation's way
        uuid.6 = uuid.6 & 0x0f | 0x40  // version 4
        uuid.8 = uuid.8 & 0x3f | 0x80  // variant 1 (RFC 9562)
        return UUID(uuid: uuid)
    }

    /// `uuidString.lowercased()`, written directly: `uuidString` formats with `sprintf` and
    /// `lowercased()` copies that again, some 7 500 instructions of every `Post` that names
    /// no identifier.
    var lowercasedString: String {
        func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var end = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[end] = UInt8(ascii: "-")
                        end += 1
                    }
                    text[end] = hex(byte >> 4)
                    text[end + 1] = hex(byte & 15)
                    end += 2
                }
                return end
            }
        }
    }
}
