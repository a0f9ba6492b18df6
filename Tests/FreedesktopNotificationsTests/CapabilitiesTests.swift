import Testing
@testable import FreedesktopNotifications

@Suite struct CapabilitiesTests {
    /// What dunst 1.9 lists (Tests/EndToEndTests/Fixtures/README.md).
    static let dunst = [
        "actions", "body", "body-hyperlinks", "icon-static", "synchronous", "private-synchronous",
        "x-canonical-private-synchronous", "x-dunst-stack-tag", "body-markup",
    ]

    @Test func dunstHasActionsAndMarkupButNoInlineReplyPersistenceOrSound() {
        let caps = ServerCapabilities(Self.dunst)
        #expect(caps.actions)
        #expect(caps.bodyMarkup)
        #expect(!caps.inlineReply)
        #expect(!caps.persistence)
        #expect(!caps.sound)
        #expect(caps.names == Set(Self.dunst))
    }

    @Test func eachFlagReadsItsOwnCapability() {
        #expect(ServerCapabilities(["actions"]) == ServerCapabilities(["actions"]))
        #expect(ServerCapabilities(["actions"]).actions)
        #expect(ServerCapabilities(["body-markup"]).bodyMarkup)
        #expect(ServerCapabilities(["inline-reply"]).inlineReply)
        #expect(ServerCapabilities(["persistence"]).persistence)
        #expect(ServerCapabilities(["sound"]).sound)
    }

    @Test func aServerListingNothingCanDoNothing() {
        let caps = ServerCapabilities([])
        #expect(!caps.actions && !caps.bodyMarkup && !caps.inlineReply && !caps.persistence && !caps.sound)
    }

    @Test func namesAreMatchedExactly() {
        let caps = ServerCapabilities(["Actions", "body-markup ", "x-inline-reply", "body"])
        #expect(!caps.actions && !caps.bodyMarkup && !caps.inlineReply)
    }
}
