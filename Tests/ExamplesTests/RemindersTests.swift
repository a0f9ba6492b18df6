import Foundation
import Testing
import TestSupport

/// Examples/Reminders against usernoted and dunst: Complete marks the reminder done in the
/// app's SQLite store and the notification stays on screen, now offering Pending (`keep`,
/// with the action swapped in place); Pending turns it back.
@Suite(.serialized) struct RemindersTests {
    func list(_ scene: ExampleScene) throws -> String {
        let result = try scene.run("Reminders", ["list"])
        #expect(result.succeeded, "Reminders list: \(result.errors)")
        return result.output
    }

    @Test func completeMarksTheReminderDoneAndTheNotificationStaysWithPending() async throws {
        let scene = try await ExampleScene()
        let app = try await scene.launch("Reminders", readyWhen: "Reminders is running")
        let added = try scene.run("Reminders", ["add", "Buy milk"])
        #expect(added.succeeded, "Reminders add: \(added.errors)")

        let (seen, reminder) = try await scene.desktop.waitUntilShown("the reminder") { $0.summary == "Buy milk" }
        #expect(reminder.body.hasPrefix("Due ") && reminder.body.hasSuffix("· Pending"))
        #expect(try list(scene).contains("[ ] Buy milk"))
        let menu = try await scene.desktop.openMenu(choosing: "complete-reminder", of: reminder.id)
        #expect(menu.buttons(of: reminder.id) == ["Complete"])

        // Done in the store; the same notification (same id, in place) now says so and offers Pending.
        let (done, completed) = try await scene.desktop.waitUntilShown(from: seen + 1, "the reminder marked done") {
            $0.id == reminder.id
        }
        #expect(completed.summary == "Buy milk" && completed.body.hasSuffix("· Done"))
        try await app.waitForLog(containing: "“Buy milk” is done")
        #expect(try list(scene).contains("[x] Buy milk"))
        #expect(try await scene.desktop.openMenu().buttons(of: reminder.id) == ["Pending"])
        #expect(try scene.desktop.displayedCount() == 1)

        // Pending turns it back, and it still stays.
        try await scene.desktop.openMenu(choosing: "pending-reminder", of: reminder.id)
        let (_, pending) = try await scene.desktop.waitUntilShown(from: done + 1, "the reminder pending again") {
            $0.id == reminder.id
        }
        #expect(pending.body.hasSuffix("· Pending"))
        try await app.waitForLog(containing: "“Buy milk” is pending")
        #expect(try list(scene).contains("[ ] Buy milk"))
        #expect(try await scene.desktop.openMenu().buttons(of: reminder.id) == ["Complete"])
        #expect(try scene.desktop.displayedCount() == 1)
    }

    @Test func aReminderDueLaterComesWhenItIsDue() async throws {
        let scene = try await ExampleScene()
        _ = try await scene.launch("Reminders", readyWhen: "Reminders is running")
        let added = try scene.run("Reminders", ["add", "Call Anna", "--in", "1"])
        #expect(added.succeeded, "Reminders add: \(added.errors)")
        let (_, reminder) = try await scene.desktop.waitUntilShown("the reminder when due") { $0.summary == "Call Anna" }
        #expect(reminder.body.hasSuffix("· Pending"))
    }
}
