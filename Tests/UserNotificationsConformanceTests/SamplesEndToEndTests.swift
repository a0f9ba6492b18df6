import Synchronization
import Testing
import TestSupport
import UserNotifications

/// The app-style samples (Shared/Samples) against the built usernoted and a real dunst on a
/// private bus, each sample speaking through `UNUserNotificationCenter.current()`.
@Suite(.serialized) struct SamplesEndToEndTests {
    /// A private desktop with usernoted, and a center for `appID` on its own connection.
    struct Scene {
        let bus: PrivateBus
        let desktop: TestDesktop
        let daemon: DaemonProcess
        let center: UNUserNotificationCenter

        init(appID: String) async throws {
            bus = try PrivateBus()
            desktop = try await TestDesktop(bus: bus)
            daemon = try await DaemonProcess(bus: bus, environment: desktop.environment)
            center = UNUserNotificationCenter(appID: appID, connection: try await bus.connect())
        }

        /// Runs `body` with this scene's center as `current()`.
        func asCurrent<T>(_ body: () async throws -> T) async rethrows -> T {
            try await UNUserNotificationCenter.withCurrent(center, operation: body)
        }

        /// Runs `usernotectl` with `arguments` on this desktop; returns its output.
        @discardableResult
        func usernotectl(_ arguments: String...) throws -> String {
            let result = try Command.run(
                DaemonProcess.productsDirectory.appending(path: "usernotectl").path, arguments, environment: desktop.environment)
            guard result.succeeded else { throw TestSupportError("usernotectl \(arguments): \(result.errors)") }
            return result.output
        }
    }

    @Test func theSingletonManagerIsAllowedPostsAndGetsTheButtonAndTheDismissal() async throws {
        let scene = try await Scene(appID: "org.example.Messages")
        let manager = NotificationManager.shared
        let granted = Inbox<Bool>()
        await scene.asCurrent { manager.setUp { granted.put($0) } }
        #expect(try await granted.next() == true, "an app usernoted has not seen is authorized")

        let added = Inbox<String>()
        await scene.asCurrent { manager.notify(messageID: "m1", from: "Anna", text: "Lunch?") { added.put("\($0.map { "\($0)" } ?? "no error")") } }
        #expect(try await added.next() == "no error")
        try await scene.desktop.waitUntilShown("m1") { $0.summary == "Anna" && $0.body == "Lunch?" }
        try scene.desktop.pick(NotificationManager.markReadAction)
        try await waitUntil("the Mark as Read answer") { manager.answers.withLock { $0 } == ["MARK_READ m1"] }

        await scene.asCurrent { manager.notify(messageID: "m2", from: "Ben", text: "Call me") }
        try await scene.desktop.waitUntilShown("m2") { $0.summary == "Ben" }
        try scene.desktop.dunstctl("close")
        try await waitUntil("the dismissal, with Apple's identifier") {
            manager.answers.withLock { $0 } == ["MARK_READ m1", "com.apple.UNNotificationDismissActionIdentifier m2"]
        }
        withExtendedLifetime(scene) {}
    }

    @Test func theSettingsCheckerSaysWhatTheUserChoseAndADeniedAppIsRefused() async throws {
        let scene = try await Scene(appID: "org.example.Quiet")
        let lines = Inbox<[String]>()
        await scene.asCurrent { SettingsChecker.describe { lines.put($0) } }
        #expect(try await lines.next() == [
            "notifications: allowed", "sound: on", "badge: on", "banners: on", "previews: when unlocked",
        ])

        try scene.usernotectl("apps", "set", "org.example.Quiet", "--no-sound", "--previews", "never")
        await scene.asCurrent { SettingsChecker.describe { lines.put($0) } }
        #expect(try await lines.next() == [
            "notifications: allowed", "sound: off", "badge: on", "banners: on", "previews: never",
        ])

        try scene.usernotectl("apps", "set", "org.example.Quiet", "--deny")
        await scene.asCurrent { SettingsChecker.describe { lines.put($0) } }
        #expect(try await lines.next() == [
            "notifications: denied", "sound: off", "badge: off", "banners: off", "previews: never",
        ])
        #expect(try await scene.center.requestAuthorization(options: [.alert]) == false)
        let content = UNMutableNotificationContent()
        content.title = "Not shown"
        await #expect {
            try await scene.center.add(UNNotificationRequest(identifier: "q", content: content, trigger: nil))
        } throws: { error in
            if case UNError.notificationsNotAllowed = error { return true }
            return false
        }
        #expect(try scene.desktop.displayedCount() == 0)
    }

    @Test func theAsyncManagerSchedulesListsAndCancels() async throws {
        let scene = try await Scene(appID: "org.example.Reminders")
        let manager = await scene.asCurrent { AsyncNotificationManager() }
        #expect(await manager.ensureAuthorized())
        try await manager.scheduleReminder(id: "r1", title: "Stretch", in: 3600)
        try await manager.scheduleReminder(id: "r2", title: "Water", in: 7200)
        #expect(await manager.pendingReminderIDs() == ["r1", "r2"])
        await manager.cancelReminder(id: "r1")
        #expect(await manager.pendingReminderIDs() == ["r2"])
    }

    @Test(arguments: ["omitted", "nil", "trailing"])
    func aToolThatAddsFromSynchronousCodeAndExitsAtOnceIsShown(spelling: String) async throws {
        let scene = try await Scene(appID: "org.example.OneShot")
        var environment = scene.desktop.environment
        environment["USERNOTED_APP_ID"] = "org.example.OneShot"
        let tool = try Command.run(
            DaemonProcess.productsDirectory.appending(path: "OneShotApp").path, [spelling, "shot-\(spelling)"], environment: environment)
        #expect(tool.succeeded, "\(tool.errors)")
        try await scene.desktop.waitUntilShown("the tool's notification") { $0.summary == "One shot (\(spelling))" }
        #expect(await scene.center.deliveredNotifications().map(\.request.identifier) == ["shot-\(spelling)"])
    }

    @Test func theDismissAwareDelegateTellsAClickOnTheBodyFromTheAppsActions() async throws {
        let scene = try await Scene(appID: "org.example.Inbox")
        let events = Inbox<String>()
        let delegate = DismissAwareDelegate { events.put($0) }
        let archive = UNNotificationAction(identifier: "ARCHIVE", title: "Archive", options: [],
                                           icon: UNNotificationActionIcon(systemImageName: "archivebox"))
        scene.center.setNotificationCategories([
            UNNotificationCategory(identifier: "MAIL", actions: [archive], intentIdentifiers: [], options: [.customDismissAction]),
        ])
        try await scene.center.setDelegate(delegate)
        let content = UNMutableNotificationContent()
        content.title = "New mail"
        content.categoryIdentifier = "MAIL"
        try await scene.center.add(UNNotificationRequest(identifier: "mail-1", content: content, trigger: nil))
        try await scene.desktop.waitUntilShown("mail-1") { $0.summary == "New mail" }
        try scene.desktop.pick("default")
        #expect(try await events.next() == "opened mail-1")
        try await scene.center.add(UNNotificationRequest(identifier: "mail-2", content: content, trigger: nil))
        try await scene.desktop.waitUntilShown(from: 1, "mail-2") { $0.summary == "New mail" }
        try scene.desktop.pick("ARCHIVE")
        #expect(try await events.next() == "ARCHIVE mail-2")
        withExtendedLifetime(delegate) {}
    }

    @Test func theMainActorAppDelegateGetsTheClickOnTheMainActor() async throws {
        let scene = try await Scene(appID: "org.example.Window")
        await scene.asCurrent { await MainActorAppDelegate.shared.applicationDidFinishLaunching() }
        try await waitUntil("the settings read at launch") { DispatchQueue.main.sync { MainActorAppDelegate.shared.bannersAllowed } }
        let content = UNMutableNotificationContent()
        content.title = "Build finished"
        try await scene.center.add(UNNotificationRequest(identifier: "build-7", content: content, trigger: nil))
        try await scene.desktop.waitUntilShown("build-7") { $0.summary == "Build finished" }
        try scene.desktop.pick("default")
        try await waitUntil("the click, on the main actor") { DispatchQueue.main.sync { MainActorAppDelegate.shared.lastOpened } == "build-7" }
    }

    @Test func theReminderSchedulerSchedulesADailyReminderListsAndCancelsIt() async throws {
        let scene = try await Scene(appID: "org.example.Habits")
        let errors = Inbox<String>()
        let date = Calendar.current.date(from: DateComponents(year: 2026, month: 1, day: 1, hour: 7, minute: 30))!
        await scene.asCurrent {
            ReminderScheduler.scheduleDaily(id: "stretch", title: "Stretch", at: date, image: nil, badge: 0) { error in
                errors.put(error.map { "\($0)" } ?? "no error")
            }
        }
        #expect(try await errors.next() == "no error")
        let ids = Inbox<[String]>()
        await scene.asCurrent { ReminderScheduler.pendingIDs { ids.put($0) } }
        #expect(try await ids.next() == ["stretch"])
        let pending = await scene.center.pendingNotificationRequests()
        #expect((pending.first?.trigger as? UNCalendarNotificationTrigger)?.dateComponents == DateComponents(hour: 7, minute: 30))
        #expect(pending.first?.content.sound == UNNotificationSound(named: "bell.caf"))
        await scene.asCurrent { ReminderScheduler.cancel(id: "stretch") }
        await scene.asCurrent { ReminderScheduler.pendingIDs { ids.put($0) } }
        #expect(try await ids.next() == [])
    }
}
