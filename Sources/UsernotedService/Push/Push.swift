import Foundation
import Logging
import MQTT
import UserNotificationsCore
import UsernotedAPI

/// Remote notifications: this desktop's MQTT session with the broker. Pushes on its device and
/// user topics are taken as `PostPayload` takes them (same checks, same limits), once per
/// `apns-id`; those that cannot be shown are reported on the app's `…/errors` topic with the
/// error `PostPayload` would answer. Answers to pushed notifications go through ``PushAnswers``,
/// which this session tells when it connects, when the broker acknowledges and when it stops.
actor Push {
    let topics: PushTopics
    private let policy: PushPolicy
    private let client: Client
    private let center: Center
    private let answers: PushAnswers
    private let store: Store
    private let logger: Logger
    private let now: @Sendable () -> Date
    private var events: Task<Void, Never>?

    /// The session `policy` asks for; throws a ``PushSetupError`` saying what in `[push]` cannot be used.
    init(
        policy: PushPolicy, center: Center, answers: PushAnswers, store: Store, logger: Logger,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(PushSetupError) {
        guard let broker = policy.broker else { throw PushSetupError("push.broker is not set") }
        let user = policy.user.isEmpty ? Self.loginName() : policy.user
        guard PushTopics.isTopicLevel(user) else { throw PushSetupError("push.user: the login name \"\(user)\" cannot be part of a topic; set push.user") }
        let device: String
        if !policy.device.isEmpty {
            device = policy.device
        } else if let derived = DeviceName.derived(user: user) {
            device = derived
        } else {
            throw PushSetupError("push.device: /etc/machine-id cannot be read to derive this desktop's name; set push.device")
        }
        topics = PushTopics(device: device, user: user)
        var options = ClientOptions(
            // The device name is the client id: a broker's ACL confines the client to its device's topics by it (%c).
            broker: broker, clientID: device, keepAliveSeconds: policy.keepAliveSeconds, cleanStart: false,
            sessionExpirySeconds: UInt32(policy.sessionExpirySeconds), subscriptions: topics.subscriptions)
        options.caFile = policy.caFile.isEmpty ? nil : policy.caFile
        options.certFile = policy.certFile.isEmpty ? nil : policy.certFile
        options.keyFile = policy.keyFile.isEmpty ? nil : policy.keyFile
        if !policy.username.isEmpty {
            options.username = policy.username
            if !policy.passwordFile.isEmpty { options.password = try Self.password(from: policy.passwordFile) }
        }
        do {
            client = try Client(options)
        } catch {
            throw PushSetupError("push: \(error.message)")
        }
        self.policy = policy
        self.center = center
        self.answers = answers
        self.store = store
        self.logger = logger
        self.now = now
    }

    /// Connects, and handles the session's events until ``stop()``.
    func start() {
        logger.info("push: connecting", metadata: [
            "broker": "\(client.options.broker)", "device": "\(topics.device)", "user": "\(topics.user)"])
        let client = client
        events = Task { [weak self] in
            for await event in client.events { await self?.handle(event) }
        }
        client.start()
        // What the broker can no longer send again need not be remembered.
        let horizon = now().addingTimeInterval(-Double(max(policy.sessionExpirySeconds, 30 * 86_400) + 86_400))
        Task { [store] in try? await store.forgetPushes(before: horizon) }
    }

    /// Where this session's answers go: its topics, and the apps whose answers stay private.
    nonisolated var route: PushAnswers.Route { PushAnswers.Route(topics: topics, privateApps: policy.privateApps) }

    /// Disconnects; the broker keeps the session (and what arrives meanwhile) for its expiry.
    func stop() async {
        await client.stop()
        events?.cancel()
        await answers.disconnected(client)
    }

    private func handle(_ event: ClientEvent) async {
        switch event {
        case .connected(let sessionPresent):
            logger.info("push: connected", metadata: ["broker": "\(client.options.broker)", "sessionPresent": "\(sessionPresent)"])
            await answers.connected(client)
        case .disconnected(let reason):
            await answers.disconnected(client)
            logger.warning("push: broker not connected; trying again with backoff", metadata: [
                "broker": "\(client.options.broker)", "reason": "\(reason)"])
        case .subscribed(let granted):
            if granted.contains(where: { $0 >= 0x80 }) {
                logger.error("push: the broker refused a subscription; pushes on it do not arrive (check the broker's ACL)", metadata: [
                    "topics": "\(topics.subscriptions.joined(separator: " "))", "granted": "\(granted)"])
            } else {
                logger.info("push: subscribed", metadata: ["topics": "\(topics.subscriptions.joined(separator: " "))"])
            }
        case .message(let message):
            await received(message)
        case .published(let messageID, let reasonCode):
            await answers.published(messageID: messageID, reasonCode: reasonCode)
        }
    }

    /// Shows a push, once; reports one that cannot be shown.
    private func received(_ message: Message) async {
        guard let app = topics.app(of: message.topic) else {
            return logger.warning("push: ignoring a message on a topic that names no valid app id", metadata: ["topic": "\(message.topic)"])
        }
        let headers: PushHeaders
        do {
            headers = try PushHeaders(message)
        } catch {
            return await report(CenterError(.invalidRequest, error.message), app: app, pushID: message.userProperty("apns-id"))
        }
        let id = headers.id ?? UUID.random().lowercasedString
        let request = headers.collapseID ?? id
        let metadata: Logger.Metadata = ["app": "\(app)", "apns-id": "\(id)", "priority": "\(headers.priority ?? 10)"]
        let first = (try? await store.recordPush(id: id, app: app, request: request, at: now())) ?? true
        guard first else { return logger.info("push: already shown; ignoring the repeat", metadata: metadata) }
        guard !headers.hasExpired(at: now()) else { return logger.info("push: expired (apns-expiration); not shown", metadata: metadata) }
        guard let json = String(validating: message.payload, as: UTF8.self) else {
            return await report(CenterError(.invalidJSON, "the payload is not UTF-8 text"), app: app, pushID: id)
        }
        do {
            let (handling, continuation) = try await center.handlePayload(
                app, json: json, identifier: request, background: headers.isBackground)
            // Queued before the extension can have it shown, so before any answer to it.
            if handling == .extensionRunning { try? await store.keepAnswerPrivate(pushID: id) }
            _ = try await continuation()
            logger.info("push: \(handling.rawValue)", metadata: metadata)
        } catch {
            await report(error, app: app, pushID: id)
        }
    }

    /// Publishes why push `pushID` of `app` was not shown to the app's `…/errors` topic (QoS 1, not kept if the broker is away).
    private func report(_ error: CenterError, app: AppID, pushID: String?) async {
        logger.warning("push: not shown", metadata: ["app": "\(app)", "apns-id": "\(pushID ?? "")", "error": "\(error)"])
        var object: [String: String] = ["error": error.name.dbusName.rawValue, "message": error.message]
        if let pushID { object["apnsId"] = pushID }
        let json = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        _ = await client.publish(topics.errors(of: app), payload: Array(json))
    }

    /// The user's login name.
    private static func loginName() -> String {
        if let name = ProcessEnvironment.read()["USER"], !name.isEmpty { return name }
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return "user\(getuid())" }
        return String(cString: name)
    }

    /// The password in `file` (its first line), which only the user may read.
    private static func password(from file: String) throws(PushSetupError) -> String {
        var info = stat()
        guard stat(file, &info) == 0 else { throw PushSetupError("push.passwordFile: cannot read \(file): \(String(cString: strerror(errno)))") }
        guard info.st_mode & 0o077 == 0 else {
            throw PushSetupError("push.passwordFile: \(file) may be read by others (mode \(String(info.st_mode & 0o777, radix: 8))); chmod 600 it")
        }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw PushSetupError("push.passwordFile: cannot read \(file)") }
        return String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
    }
}

/// A `[push]` setting the daemon cannot use at start, and why.
struct PushSetupError: Error, Sendable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
