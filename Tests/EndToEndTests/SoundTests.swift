import DBus
import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// dunst plays no sound (it has no `sound` capability), so usernoted plays a notification's
/// sound itself, through libcanberra, to the desktop's sound server: here a real PipeWire with
/// its PulseAudio server, whose streams `pactl` watches. Nothing plays while Focus holds a
/// notification, for the summary that brings it back, nor for an app whose sound is off.
@Suite(.serialized) struct SoundTests {
    let cli = UsernotectlTests()

    /// Posts `id` of the meeting app with `sound`; returns once dunst shows it.
    static func post(_ scene: Scene, _ id: String, _ title: String, sound: String) async throws {
        _ = try await scene.center.call("Add", [.string(Scene.appID), .string("""
            {"identifier": "\(id)", "content": {"title": "\(title)", "body": "", "sound": "\(sound)"}}
            """)])
    }

    @Test func onDunstUsernotedPlaysTheSoundButNotDuringFocusNorWithTheAppsSoundOff() async throws {
        let sound = try await SoundServer()
        let scene = try await Scene(daemonEnvironment: ["PULSE_SERVER": sound.pulseServer])
        let streams = try await sound.watchStreams()

        try await Self.post(scene, "ring", "Doorbell", sound: "default")
        try await scene.desktop.waitUntilShown("the first notification") { $0.summary == "Doorbell" }
        let first = try await streams.next(after: 0)
        #expect(first.eventID == "message-new-instant", "the theme's message sound, as libcanberra names it")

        // Focus holds the next one: it is not shown, so it makes no sound; nor does the summary when Focus ends.
        #expect(try cli.usernotectl(scene, "focus", "on", "--for", "1h").succeeded)
        try await Self.post(scene, "held", "Standup moved", sound: "default")
        _ = try await withDeadline(.seconds(10), "the post held") {
            while try await FocusTests.focus(scene).held != 1 { try await Task.sleep(for: .milliseconds(20)) }
            return true
        }
        #expect(try cli.usernotectl(scene, "focus", "off").succeeded)
        try await scene.desktop.waitUntilShown("the summary") { $0.summary == "1 notification from Calendar" }

        // The app's sound is off: shown, silent.
        #expect(try cli.usernotectl(scene, "apps", "set", Scene.appID, "--no-sound").succeeded)
        try await Self.post(scene, "quiet", "Build finished", sound: "default")
        try await scene.desktop.waitUntilShown("the quiet one") { $0.summary == "Build finished" }

        // Back on, a named sound: it is the next stream, so none played in between. A long one (the
        // alarm plays for seconds): what a stream plays can only be read while it plays.
        #expect(try cli.usernotectl(scene, "apps", "set", Scene.appID, "--sound").succeeded)
        try await Self.post(scene, "bell", "Parcel delivered", sound: "alarm-clock-elapsed")
        try await scene.desktop.waitUntilShown("the last one") { $0.summary == "Parcel delivered" }
        let last = try await streams.next(after: 1)
        #expect(last.eventID == "alarm-clock-elapsed", "the next stream is the last post's: nothing played for the held one, the summary or the quiet one")
        try await Task.sleep(for: .milliseconds(300))
        #expect(streams.started.count == 2, "one stream a sound")
    }

    /// libcanberra keeps its connection to the sound server (and its own thread) for the next
    /// sound; idle, that must wake nothing in usernoted's process, as without sounds
    /// (``UsernotedCommandTests/anIdleDaemonNeverWakes()``).
    @Test func afterASoundPlayedTheIdleDaemonNeverWakes() async throws {
        let sound = try await SoundServer()
        let scene = try await Scene(daemonEnvironment: ["PULSE_SERVER": sound.pulseServer])
        let streams = try await sound.watchStreams()
        try await Self.post(scene, "ring", "Doorbell", sound: "default")
        try await scene.desktop.waitUntilShown("the notification") { $0.summary == "Doorbell" }
        #expect(try await streams.next(after: 0).eventID == "message-new-instant")

        // The sound lasts under a second; libdispatch lets a thread go after 5 s without work.
        try await Task.sleep(for: .seconds(8))
        let before = try ProcessProbe.threads(of: scene.daemon.process.pid)
        try await Task.sleep(for: .seconds(3))
        let woke = ProcessProbe.wakeups(from: before, to: try ProcessProbe.threads(of: scene.daemon.process.pid))
        #expect(woke.isEmpty, "threads that woke while idle after a sound: \(woke.map { "\($0.name) ×\($0.count)" })")
    }

    /// A notification shown again is quiet: no sound after dunst restarts (usernoted shows it
    /// on the new dunst) nor after usernoted restarts (it shows it again in place, dunst sending
    /// its signals to the connection that showed it). The next stream is a new post's.
    @Test func aNotificationShownAgainAfterARestartOfDunstOrOfUsernotedPlaysNoSound() async throws {
        let sound = try await SoundServer()
        let environment = ["PULSE_SERVER": sound.pulseServer]
        let scene = try await Scene(daemonEnvironment: environment)
        let streams = try await sound.watchStreams()
        try await Self.post(scene, "ring", "Doorbell", sound: "default")
        try await scene.desktop.waitUntilShown("the first notification") { $0.summary == "Doorbell" }
        #expect(try await streams.next(after: 0).eventID == "message-new-instant")

        let shownFirst = scene.desktop.shown().count
        scene.desktop.stopServer(signal: SIGKILL)
        try await scene.desktop.startServer()
        try await scene.desktop.waitUntilShown(from: shownFirst, "it again, on the new dunst") { $0.summary == "Doorbell" }

        let shownAgain = scene.desktop.shown().count
        scene.daemon.stop()
        let restarted = try await DaemonProcess(bus: scene.bus, environment: scene.desktop.environment.merging(environment) { $1 })
        defer { restarted.stop() }
        try await scene.desktop.waitUntilShown(from: shownAgain, "it again, by the restarted usernoted") { $0.summary == "Doorbell" }

        try await Self.post(scene, "bell", "Parcel delivered", sound: "alarm-clock-elapsed")
        try await scene.desktop.waitUntilShown("the new post") { $0.summary == "Parcel delivered" }
        #expect(try await streams.next(after: 1).eventID == "alarm-clock-elapsed", "the next stream is the new post's: none for the two shows again")
        try await Task.sleep(for: .milliseconds(300))
        #expect(streams.started.count == 2, "one stream a sound")
    }
}
