import CCanberra
import CLoadOnUse
import EventLoop
import Synchronization

/// Plays event sounds from the freedesktop sound theme through libcanberra, for servers that
/// play none. ``play(_:)`` only queues the sound: a thread of its own (started when a sound
/// comes, gone when none waits, so an idle daemon has none) makes libcanberra's calls, which
/// block for as long as connecting to the sound server and starting the stream take (a few
/// ms; 30 s when a sound server hangs), and the sound then plays on libcanberra's own thread.
/// A sound that cannot play (no sound server, no such sound in the theme) is reported, never
/// an error for the app; past ``backlog`` sounds waiting, more are dropped and reported.
public final class CanberraSounds: EventSoundPlayer {
    /// A sound that did not play, and why.
    public struct Failure: Sendable, Error {
        public var sound: EventSound
        public var reason: String
    }

    /// How many sounds may wait while one is being started.
    public static let backlog = 8

    private struct Queue {
        var waiting: [EventSound] = []
        /// A thread is taking sounds from `waiting`.
        var draining = false
    }

    private let queue = Mutex(Queue())
    private let context: CanberraContext
    private let report: @Sendable (Failure) -> Void

    /// A player whose streams name the application `id` and `name` (the sound server's
    /// mixer shows them); `report` hears of each sound that did not play, on the player's thread.
    public init(applicationID id: String, name: String, report: @escaping @Sendable (Failure) -> Void) {
        context = CanberraContext(application: [CA_PROP_APPLICATION_ID: id, CA_PROP_APPLICATION_NAME: name])
        self.report = report
    }

    public func play(_ sound: EventSound) {
        enum Outcome { case queued, startThread, dropped }
        let outcome = queue.withLock { queue -> Outcome in
            guard queue.waiting.count < Self.backlog else { return .dropped }
            queue.waiting.append(sound)
            defer { queue.draining = true }
            return queue.draining ? .queued : .startThread
        }
        switch outcome {
        case .queued: break
        case .dropped: report(Failure(sound: sound, reason: "\(Self.backlog) sounds are waiting already"))
        case .startThread: detachNewThread { [self] in drain() }
        }
    }

    /// Plays what waits, one at a time, until nothing does.
    private func drain() {
        while let sound = queue.withLock({ queue -> EventSound? in
            if queue.waiting.isEmpty { queue.draining = false }
            return queue.waiting.isEmpty ? nil : queue.waiting.removeFirst()
        }) {
            if let reason = context.play(sound) { report(Failure(sound: sound, reason: reason)) }
        }
    }
}

/// One libcanberra context, made when the first sound comes and made anew after a failure
/// other than a missing sound (the sound server was not there, or went away: the next sound
/// looks for it again).
///
/// `@unchecked Sendable`: libcanberra's API is thread-safe per context (its canberra.h: "Fully
/// thread safe, not async-signal safe"; each call takes the context's mutex), and `pointer`
/// itself is read and written only by ``CanberraSounds``'s draining thread, of which there is
/// one at a time (the next one starts after the last one's `draining = false`, under the same
/// `Mutex`, which orders the two). Across contexts it is not: the first play of a context and
/// its destruction load and unload its driver through libltdl, whose global state has no lock,
/// so two contexts doing so at once crash the process (two players in one test process did).
/// ``loading`` makes every context's calls take turns.
private final class CanberraContext: @unchecked Sendable {
    /// Held during every libcanberra call that may load or unload a driver, process-wide.
    private static let loading = Mutex(())
    private var pointer: OpaquePointer?
    private let application: [String: String]

    init(application: [String: String]) { self.application = application }

    deinit { if let pointer { _ = Self.loading.withLock { _ in ca_context_destroy(pointer) } } }

    /// Starts `sound`; returns why it does not play, or nil once it plays (asynchronously:
    /// libcanberra's thread streams it).
    func play(_ sound: EventSound) -> String? {
        Self.loading.withLock { _ in playTakingTurns(sound) }
    }

    private func playTakingTurns(_ sound: EventSound) -> String? {
        if let why = load_on_use(load_on_use_canberra) { return String(cString: why) }
        guard let context = pointer ?? open() else { return "libcanberra has no context" }
        let result = withProperties([CA_PROP_EVENT_ID: sound.id]) { ca_context_play_full(context, 0, $0, nil, nil) }
        guard result != Int32(CA_SUCCESS) else { return nil }
        if result != Int32(CA_ERROR_NOTFOUND) {
            ca_context_destroy(context)
            pointer = nil
        }
        return String(cString: ca_strerror(result))
    }

    /// A new context naming the application; nil when libcanberra cannot make one.
    private func open() -> OpaquePointer? {
        var made: OpaquePointer?
        guard ca_context_create(&made) == Int32(CA_SUCCESS), let made else { return nil }
        _ = withProperties(application) { ca_context_change_props_full(made, $0) }
        pointer = made
        return made
    }

    /// Calls `body` with a libcanberra property list holding `properties`.
    private func withProperties(_ properties: [String: String], _ body: (OpaquePointer?) -> Int32) -> Int32 {
        var list: OpaquePointer?
        guard ca_proplist_create(&list) == Int32(CA_SUCCESS) else { return Int32(CA_ERROR_OOM) }
        defer { ca_proplist_destroy(list) }
        for (key, value) in properties { _ = ca_proplist_sets(list, key, value) }
        return body(list)
    }
}
