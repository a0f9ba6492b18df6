import Foundation
import Testing
@testable import UsernotedService

/// The identifiers the daemon makes for requests that name none.
@Suite struct UUIDRandomTests {
    @Test func aNewIdentifierIsARandomVersion4UUIDInLowercase() {
        let made = (0..<1000).map { _ in UUID.random() }
        #expect(Set(made).count == made.count)
        for uuid in made {
            let text = uuid.lowercasedString
            #expect(text == uuid.uuidString.lowercased())
            #expect(UUID(uuidString: text) == uuid)
            // xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx: version 4, RFC 9562's variant.
            #expect(Array(text)[14] == "4", "\(text)")
            #expect("89ab".contains(Array(text)[19]), "\(text)")
        }
        // Every other bit is random: across 1 000, each of the 122 takes both values.
        let ones = made.reduce(into: [Int](repeating: 0, count: 128)) { count, uuid in
            withUnsafeBytes(of: uuid.uuid) { bytes in
                for bit in 0..<128 where bytes[bit / 8] >> (bit % 8) & 1 == 1 { count[bit] += 1 }
            }
        }
        let fixed: Set<Int> = [52, 53, 54, 55, 70, 71]  // byte 6's high nibble, byte 8's top two bits
        for bit in 0..<128 where !fixed.contains(bit) { #expect((1..<1000).contains(ones[bit]), "bit \(bit)") }
    }
}
