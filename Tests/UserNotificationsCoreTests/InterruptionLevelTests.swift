import Testing
@testable import UserNotificationsCore

@Suite struct InterruptionLevelTests {
    @Test(arguments: [(InterruptionLevel.passive, UInt8(0)), (.active, 1), (.timeSensitive, 1), (.critical, 2)])
    func mapsToFreedesktopUrgency(level: InterruptionLevel, urgency: UInt8) throws {
        #expect(level.freedesktopUrgency == urgency)
        let request = try ModelJSON.decodeRequest(#"{"content": {"interruptionLevel": "\#(level.rawValue)"}}"#)
        #expect(request.content.interruptionLevel == level)
    }

    @Test func unknownLevelIsAnInvalidRequestListingTheLevels() {
        expectModelError(.invalidRequest, mentions: ["content.interruptionLevel: unknown interruption level 'urgent'",
                                                     "known levels: passive, active, timeSensitive, critical"]) {
            _ = try ModelJSON.decodeRequest(#"{"content": {"interruptionLevel": "urgent"}}"#)
        }
    }
}
