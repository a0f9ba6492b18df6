import CLoadOnUse
import CMosquitto
import EventLoop
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc

/// An MQTT 5 client (libmosquitto) driven from a ``EventLoop/LoopThread``: its socket sits in the
/// loop's epoll (`mosquitto_loop_read`/`_write` when it is ready, interest in writing only while
/// `mosquitto_want_write`), and one repeating timer runs `mosquitto_loop_misc` for keepalive, a
/// third of the keepalive apart; idle, it wakes for nothing else. Never `mosquitto_loop_start`'s
/// thread: the only other thread is the short-lived one of each connect attempt, because
/// libmosquitto resolves the name and connects blocking.
///
/// It connects with a persistent session (clean start off unless asked, session expiry from the
/// options), subscribes to its topics at QoS 1 (one SUBSCRIBE) after every connect, and connects again after a
/// loss with exponential backoff, reporting the state once per change on ``events``.
public final class Client: @unchecked Sendable {
    // @unchecked: `handle` and the state below are touched only on `loop`, except while a
    // connect attempt runs on a thread of its own: the loop then leaves the handle alone
    // (`phase` is `.connecting` until the attempt hands back to the loop). libmosquitto calls its
    // callbacks inside the calls made on the loop, with this object as their `void *` context.

    /// What happens: connects, losses, messages, acknowledgements.
    public let events: AsyncStream<ClientEvent>
    public let options: ClientOptions
    /// The loop the client runs on.
    public let loop: LoopThread
    private let continuation: AsyncStream<ClientEvent>.Continuation
    private var handle: OpaquePointer?
    private var phase = Phase.idle
    private var watch: LoopWatch?
    private var watchedSocket: Int32 = -1
    private var watchedInterest: LoopWatch.Readiness = []
    private var misc: LoopTimer?
    /// Failed attempts since the last connect, for the backoff.
    private var failures = 0
    /// The reason last reported, so that a reason is reported once.
    private var lastReason: String?
    /// Why the broker refused the connection (CONNACK), reported when the loss follows.
    private var refusal: String?
    /// Counts the backoff waits, so that only the newest one connects.
    private var generation = 0

    private enum Phase { case idle, connecting, awaitingConnack, connected, backingOff, stopped }

    private static let ok = Int32(MOSQ_ERR_SUCCESS.rawValue)
    /// Why libmosquitto cannot be used (loaded on the first client, not at every start); nil: it can.
    private static let libraryProblem: String? = {
        if let why = load_on_use(load_on_use_mosquitto) { return "push needs libmosquitto: \(String(cString: why))" }
        return mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue ? nil : "libmosquitto did not start"
    }()

    /// A client for `options` on `loop`; it connects at ``start()``.
    public init(_ options: ClientOptions, loop: LoopThread = .shared) throws(MQTTError) {
        if let problem = Self.libraryProblem { throw MQTTError(problem) }
        self.options = options
        self.loop = loop
        (events, continuation) = AsyncStream.makeStream()
        guard let handle = mosquitto_new(options.clientID, options.cleanStart, Unmanaged.passUnretained(self).toOpaque()) else {
            throw MQTTError("cannot make an MQTT client (client id \(options.clientID)): \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        try Self.check(mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5), "MQTT 5")
        if let username = options.username {
            try Self.check(mosquitto_username_pw_set(handle, username, options.password), "the username and password")
        }
        if options.broker.tls {
            let capath = options.caFile == nil ? "/etc/ssl/certs" : nil
            try Self.check(
                mosquitto_tls_set(handle, options.caFile, capath, options.certFile, options.keyFile, nil),
                "TLS with CA \(options.caFile ?? capath!), certificate \(options.certFile ?? "none"), key \(options.keyFile ?? "none")")
        } else if options.certFile != nil {
            throw MQTTError("a client certificate needs TLS (an mqtts:// broker)")
        }
        mosquitto_connect_v5_callback_set(handle) { _, context, code, flags, _ in Client.from(context).didConnect(code, flags: flags) }
        mosquitto_message_v5_callback_set(handle) { _, context, message, properties in
            Client.from(context).received(message!.pointee, properties)
        }
        mosquitto_subscribe_v5_callback_set(handle) { _, context, _, count, granted, _ in
            let qos = granted.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
            Client.from(context).continuation.yield(.subscribed(grantedQoS: qos))
        }
        mosquitto_publish_v5_callback_set(handle) { _, context, messageID, reasonCode, _ in
            Client.from(context).continuation.yield(.published(messageID: messageID, reasonCode: reasonCode))
        }
    }

    deinit {
        if let handle { mosquitto_destroy(handle) }
    }

    /// Starts connecting (and keeps connecting until ``stop()``).
    public func start() {
        loop.schedule { self.connect() }
    }

    /// Disconnects (the broker keeps the session for its expiry), and ends ``events``.
    public func stop() async {
        await onLoop { self.stopNow() }
    }

    /// Publishes `payload` to `topic` at `qos` with `userProperties`; returns the message id its
    /// ``ClientEvent/published(messageID:reasonCode:)`` will carry, or nil when not connected
    /// (or libmosquitto refused it): then nothing was sent.
    public func publish(
        _ topic: String, payload: [UInt8], qos: Int32 = 1, retain: Bool = false, userProperties: [UserProperty] = []
    ) async -> Int32? {
        await onLoop { self.publishNow(topic, payload: payload, qos: qos, retain: retain, userProperties: userProperties) }
    }

    /// Whether the broker accepted the connection and it still stands.
    public var isConnected: Bool {
        get async { await onLoop { self.phase == .connected } }
    }

    // MARK: On the loop

    private static func from(_ context: UnsafeMutableRawPointer?) -> Client {
        Unmanaged<Client>.fromOpaque(context!).takeUnretainedValue()
    }

    private static func check(_ code: Int32, _ what: String) throws(MQTTError) {
        guard code != ok else { return }
        throw MQTTError("libmosquitto refused \(what): \(describe(code, errno: errno))")
    }

    /// libmosquitto's words for `code`; the system's for an errno.
    private static func describe(_ code: Int32, errno: Int32) -> String {
        if code == Int32(MOSQ_ERR_ERRNO.rawValue) { return String(cString: strerror(errno)) }
        return String(cString: mosquitto_strerror(code))
    }

    private func onLoop<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        if loop.isCurrent { return work() }
        return await withCheckedContinuation { done in loop.schedule { done.resume(returning: work()) } }
    }

    /// Connects on a thread of its own (libmosquitto resolves and connects blocking), then back on the loop.
    private func connect() {
        guard phase == .idle || phase == .backingOff else { return }
        phase = .connecting
        detachNewThread { [self] in
            var properties: OpaquePointer?
            mosquitto_property_add_int32(
                &properties, Int32(MQTT_PROP_SESSION_EXPIRY_INTERVAL.rawValue), options.sessionExpirySeconds)
            let code = mosquitto_connect_bind_v5(
                handle, options.broker.host, Int32(options.broker.port), Int32(options.keepAliveSeconds), nil, properties)
            let error = errno
            mosquitto_property_free_all(&properties)
            loop.schedule { self.connectReturned(code, errno: error) }
        }
    }

    private func connectReturned(_ code: Int32, errno: Int32) {
        guard phase != .stopped else { return destroy() }
        guard code == Self.ok else { return failed(Self.describe(code, errno: errno)) }
        phase = .awaitingConnack
        refusal = nil
        updateWatch()
        let interval = max(1000, options.keepAliveSeconds * 1000 / 3)
        misc = loop.repeating(everyMilliseconds: interval) { [unowned self] in self.tick() }
    }

    /// CONNACK: subscribes (again: cheap, and sure) when accepted.
    private func didConnect(_ code: Int32, flags: Int32) {
        guard code == 0 else {
            refusal = "the broker refused the connection: \(String(cString: mosquitto_reason_string(code)))"
            return
        }
        phase = .connected
        failures = 0
        lastReason = nil
        if !options.subscriptions.isEmpty {
            let topics = options.subscriptions.map { strdup($0) }
            defer { topics.forEach { free($0) } }
            mosquitto_subscribe_multiple(handle, nil, Int32(topics.count), topics, 1, 0, nil)
        }
        continuation.yield(.connected(sessionPresent: flags & 1 != 0))
    }

    private func received(_ message: mosquitto_message, _ properties: OpaquePointer?) {
        var userProperties: [UserProperty] = []
        var name: UnsafeMutablePointer<CChar>?
        var value: UnsafeMutablePointer<CChar>?
        let identifier = Int32(MQTT_PROP_USER_PROPERTY.rawValue)
        var property = mosquitto_property_read_string_pair(properties, identifier, &name, &value, false)
        while property != nil {
            if let name, let value { userProperties.append(UserProperty(String(cString: name), String(cString: value))) }
            free(name)
            free(value)
            (name, value) = (nil, nil)
            property = mosquitto_property_read_string_pair(property, identifier, &name, &value, true)
        }
        let payload = message.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(message.payloadlen))) } ?? []
        continuation.yield(.message(Message(
            topic: String(cString: message.topic), payload: payload, qos: Int(message.qos), retain: message.retain,
            userProperties: userProperties)))
    }

    private func ready(_ readiness: LoopWatch.Readiness) {
        guard let handle, phase == .awaitingConnack || phase == .connected else { return }
        if !readiness.isDisjoint(with: [.readable, .hangUp, .error]) {
            let code = mosquitto_loop_read(handle, 1)
            guard code == Self.ok else { return lost(code) }
        }
        if readiness.contains(.writable), phase != .stopped {
            let code = mosquitto_loop_write(handle, 1)
            guard code == Self.ok else { return lost(code) }
        }
        updateWatch()
    }

    /// Keepalive: a PINGREQ when due, a loss when the broker did not answer the last.
    private func tick() {
        guard let handle, phase == .awaitingConnack || phase == .connected else { return }
        let code = mosquitto_loop_misc(handle)
        guard code == Self.ok else { return lost(code) }
        updateWatch()
    }

    private func publishNow(_ topic: String, payload: [UInt8], qos: Int32, retain: Bool, userProperties: [UserProperty]) -> Int32? {
        guard phase == .connected, let handle else { return nil }
        var properties: OpaquePointer?
        defer { mosquitto_property_free_all(&properties) }
        for property in userProperties {
            mosquitto_property_add_string_pair(&properties, Int32(MQTT_PROP_USER_PROPERTY.rawValue), property.name, property.value)
        }
        var messageID: Int32 = 0
        let code = payload.withUnsafeBytes { bytes in
            mosquitto_publish_v5(handle, &messageID, topic, Int32(bytes.count), bytes.baseAddress, qos, retain, properties)
        }
        updateWatch()
        return code == Self.ok ? messageID : nil
    }

    /// Watches the current socket for reading, and for writing while libmosquitto has output waiting.
    private func updateWatch() {
        guard let handle else { return }
        let socket = mosquitto_socket(handle)
        let interest: LoopWatch.Readiness = mosquitto_want_write(handle) ? [.readable, .writable] : [.readable]
        if socket != watchedSocket {
            watch?.cancel()
            watch = nil
            watchedSocket = socket
            if socket >= 0 { watch = loop.watch(socket, for: interest) { [unowned self] ready in self.ready(ready) } }
        } else if interest != watchedInterest {
            watch?.change(to: interest)
        }
        watchedInterest = interest
    }

    private func stopWatching() {
        watch?.cancel()
        watch = nil
        watchedSocket = -1
        watchedInterest = []
        misc?.cancel()
        misc = nil
    }

    /// The connection went: libmosquitto closed the socket; try again after the backoff.
    private func lost(_ code: Int32) {
        guard phase == .awaitingConnack || phase == .connected else { return }
        stopWatching()
        if let handle { mosquitto_disconnect(handle) }  // closes the socket if libmosquitto did not
        failed(refusal ?? "connection lost: \(Self.describe(code, errno: errno))")
    }

    private func failed(_ reason: String) {
        if reason != lastReason {
            lastReason = reason
            continuation.yield(.disconnected(reason: reason))
        }
        phase = .backingOff
        let delay = min(options.firstReconnectSeconds * pow(2, Double(min(failures, 30))), options.maxReconnectSeconds)
        failures += 1
        generation += 1
        let expected = generation
        loop.schedule(afterNanoseconds: UInt64(delay * 1e9)) { [self] in
            if generation == expected { connect() }
        }
    }

    private func stopNow() {
        guard phase != .stopped else { return }
        let connecting = phase == .connecting
        phase = .stopped
        stopWatching()
        continuation.finish()
        guard !connecting else { return }  // the attempt's thread holds the handle; destroyed when it returns
        if let handle { mosquitto_disconnect_v5(handle, 0, nil) }
        destroy()
    }

    private func destroy() {
        if let handle { mosquitto_destroy(handle) }
        handle = nil
    }
}
