import Testing
import UserNotificationsCore
@testable import UsernotedService

/// Apple's rules for when a notification interrupts, as one table.
@Suite struct AdmissionTests {
    static func decide(
        _ level: InterruptionLevel, _ settings: AppSettings = AppSettings(), focused: Bool = false, inSummary: Bool = false,
        locked: Bool = false
    ) -> Admission {
        Admission.decide(level, settings: settings, focused: focused, inSummary: inSummary, locked: locked)
    }

    @Test func focusHoldsActiveAndLetsTimeSensitiveAndCriticalThrough() {
        #expect(Self.decide(.active, focused: true) == .hold(.focus))
        #expect(Self.decide(.timeSensitive, focused: true) == .show(.timeSensitive))
        #expect(Self.decide(.critical, focused: true) == .show(.critical))
        #expect(Self.decide(.active) == .show(.active))
    }

    @Test func passiveNeverInterrupts() {
        #expect(Self.decide(.passive) == .hold(.passive))
        #expect(Self.decide(.passive, focused: true) == .hold(.passive))
        #expect(Self.decide(.passive, inSummary: true) == .hold(.summary))
    }

    @Test func theSummaryHoldsPassiveAndActiveOnly() {
        #expect(Self.decide(.active, inSummary: true) == .hold(.summary))
        #expect(Self.decide(.timeSensitive, inSummary: true) == .show(.timeSensitive))
        #expect(Self.decide(.critical, inSummary: true) == .show(.critical))
    }

    @Test func levelsTheUserTurnedOffCountAsActive() {
        var settings = AppSettings()
        settings.timeSensitive = false
        settings.criticalAlert = false
        #expect(Self.decide(.timeSensitive, settings, focused: true) == .hold(.focus))
        #expect(Self.decide(.critical, settings) == .show(.active))
    }

    @Test func alertsOffKeepsItInTheListOnly() {
        var settings = AppSettings()
        settings.alert = false
        #expect(Self.decide(.critical, settings) == .hold(.listed))
        #expect(Self.decide(.active, settings) == .hold(.listed))
    }

    @Test func lockScreenOffWaitsForTheUnlockButCriticalDoesNot() {
        var settings = AppSettings()
        settings.lockScreen = false
        #expect(Self.decide(.active, settings, locked: true) == .hold(.locked))
        #expect(Self.decide(.timeSensitive, settings, locked: true) == .hold(.locked))
        #expect(Self.decide(.critical, settings, locked: true) == .show(.critical))
        #expect(Self.decide(.active, settings) == .show(.active))
    }
}
