import Foundation
import Logging
import MQTT
import Synchronization
import UserNotificationsCore

/// Answers to pushed notifications on their way to the broker. The router records each answer
/// through it (the push outbox row is written with the handlers' outbox row); it publishes what
/// the push outbox holds while a session is connected, and removes each at the broker's PUBACK.
/// Made before the router; a ``Push`` session tells it when it connects, is acknowledged and
/// stops, and the daemon which route the `[push]` settings in force give (none while push is off).
actor PushAnswers {
    /// Where answers go: the session's topics, and the apps whose answers stay private.
    struct Route: Sendable {
        let topics: PushTopics
        let privateApps: [String]
    }

    private let store: Store
    private let logger: Logger
    /// The route of the settings in force; nil while push is off.
    private let route = Mutex<Route?>(nil)
    /// The connected session's client; nil while none is connected.
    private var client: Client?
    /// The push outbox rows published on this connection, by message id, until their PUBACK.
    private var inFlight: [Int32: Int64] = [:]

    /// Answers kept in `store`'s push outbox until published.
    init(store: Store, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Answers go by `route` from now on (nil: push is off, and none go).
    nonisolated func use(_ route: Route?) { self.route.withLock { $0 = route } }

    /// The answer to publish for `response` (with the response's JSON as `json`), or nil when
    /// push is off, its notification was not pushed or its app keeps its answers private. The
    /// answer to a push its service extension had (which may have decrypted it) goes without
    /// the notification's content and the user's text.
    nonisolated(nonsending) func outgoing(for response: NotificationResponse, json: String) async -> OutgoingResponse? {
        let app = response.appId
        guard let route = route.withLock({ $0 }), !route.privateApps.contains(app.rawValue),
              let (pushID, answerPrivate) = (try? await store.push(of: app, request: response.requestId)) ?? nil
        else { return nil }
        var json = json
        if answerPrivate {
            var bare = response
            bare.notification.content = NotificationContent()
            bare.userText = nil
            json = ModelJSON.encode(bare)
        }
        let id = UUID.random().lowercasedString
        let header = "{\"responseId\":\(Self.quoted(id)),\"apnsId\":\(Self.quoted(pushID))"
        return OutgoingResponse(
            topic: route.topics.responses(of: app), json: header + (json == "{}" ? "}" : "," + json.dropFirst()), id: id)
    }

    /// `client` connected: what waits is published, again if it was before (at least once; the
    /// response id tells repeats apart).
    func connected(_ client: Client) async {
        self.client = client
        inFlight = [:]
        await publishWaiting()
    }

    /// `client` is not connected any more.
    func disconnected(_ client: Client) {
        if self.client === client { self.client = nil }
    }

    /// The broker answered the publication `messageID` with `reasonCode`: accepted, its row leaves the push outbox.
    func published(messageID: Int32, reasonCode: Int32) async {
        guard let seq = inFlight.removeValue(forKey: messageID) else { return }
        guard reasonCode < 0x80 else {
            logger.error("push: the broker refused an answer; it is kept and published again at the next connection",
                         metadata: ["reasonCode": "\(reasonCode)"])
            return
        }
        do {
            try await store.removeFromPushOutbox(seq)
        } catch {
            logger.error("push: cannot remove a published answer from the outbox; it will be published again", metadata: ["error": "\(error)"])
        }
    }

    /// Publishes what waits in the push outbox and is not on its way yet (when connected).
    func publishWaiting() async {
        guard let client, let waiting = try? await store.pushOutbox() else { return }
        let sent = Set(inFlight.values)
        for (seq, response) in waiting where !sent.contains(seq) {
            guard let messageID = await client.publish(
                response.topic, payload: Array(response.json.utf8), userProperties: [UserProperty("response-id", response.id)])
            else { return }
            inFlight[messageID] = seq
        }
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: [text], options: [])) ?? Data("[\"\"]".utf8), as: UTF8.self)
            .dropFirst().dropLast().description
    }
}
