import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import FreedesktopNotifications

/// libcanberra's player never holds up its caller: a sound that cannot play (here a name the
/// theme lacks, so that nothing is heard whether or not a sound server runs) is reported from
/// the player's own thread. EndToEndTests/EventSoundTests hears a real one.
struct CanberraSoundsTests {
    static let app = try! AppID(validating: "org.example.Calendar")

    @Test func playReturnsAtOnceAndAnUnplayableSoundIsReported() async throws {
        let failures = Inbox<CanberraSounds.Failure>()
        let player = CanberraSounds(applicationID: "io.github.usernoted.Tests", name: "tests") { failures.put($0) }
        let started = ContinuousClock.now
        for index in 0..<3 { player.play(EventSound(id: "x-usernoted-no-such-sound-\(index)", appID: Self.app)) }
        #expect(ContinuousClock.now - started < .milliseconds(50), "play only queues")
        let reported = [
            try await failures.next(within: .seconds(10), "the first failure"), try await failures.next(within: .seconds(10), "the second"),
            try await failures.next(within: .seconds(10), "the third"),
        ]
        #expect(reported.map(\.sound.id) == (0..<3).map { "x-usernoted-no-such-sound-\($0)" }, "in order, each once")
        #expect(reported.allSatisfy { !$0.reason.isEmpty })
    }

    @Test func inABurstEverySoundIsPlayedOrReported() async throws {
        let failures = Inbox<CanberraSounds.Failure>()
        let player = CanberraSounds(applicationID: "io.github.usernoted.Tests", name: "tests") { failures.put($0) }
        let count = CanberraSounds.backlog * 4
        for index in 0..<count { player.play(EventSound(id: "x-usernoted-no-such-sound-\(index)", appID: Self.app)) }
        var reported: [CanberraSounds.Failure] = []
        for _ in 0..<count { reported.append(try await failures.next(within: .seconds(10), "a failure")) }
        #expect(Set(reported.map(\.sound.id)).count == count, "every sound is accounted for, played or dropped")
    }

    /// libcanberra loads its drivers through libltdl, which has no lock: players that open
    /// and close contexts at the same time (each unplayable sound closes its context here, as
    /// a missing sound server does) take turns, or the process crashes.
    @Test func playersOnManyThreadsAtOnceEachReportTheirOwnSounds() async throws {
        let failures = Inbox<CanberraSounds.Failure>()
        let players = (0..<16).map { _ in CanberraSounds(applicationID: "io.github.usernoted.Tests", name: "tests") { failures.put($0) } }
        let perPlayer = CanberraSounds.backlog
        for index in 0..<perPlayer {
            for (player, sounds) in players.enumerated() { sounds.play(EventSound(id: "x-usernoted-no-such-sound-\(player)-\(index)", appID: Self.app)) }
        }
        var reported: [CanberraSounds.Failure] = []
        for _ in 0..<(players.count * perPlayer) { reported.append(try await failures.next(within: .seconds(20), "a failure")) }
        #expect(Set(reported.map(\.sound.id)).count == players.count * perPlayer, "every sound of every player, once")
    }
}
