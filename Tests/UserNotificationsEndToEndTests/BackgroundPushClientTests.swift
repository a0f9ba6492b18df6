import DBus
import Foundation
import Testing
import TestSupport
import UsernotedAPI
import UserNotifications

/// A background push reaches the app's delegate, against usernoted and a real dunst, which shows nothing.
@Suite(.serialized) struct BackgroundPushClientTests {
    /// A delegate written as Apple's samples write `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    final class SyncingDelegate: UNUserNotificationCenterDelegate, Sendable {
        let synced = Inbox<String>()

        func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
            fetchCompletionHandler completionHandler: @escaping @Sendable (UNBackgroundFetchResult) -> Void
        ) {
            synced.put(userInfo["sync"] as? String ?? "?")
            completionHandler(.newData)
        }
    }

    @Test func theDelegateGetsTheCustomKeysAndNothingIsShown() async throws {
        let scene = try await ClientScene()
        let delegate = SyncingDelegate()
        scene.center.delegate = delegate
        let center = Proxy.usernotedCenter(on: scene.app)
        let id = try await center.call(Center1.postPayload, ClientScene.appID, #"{"aps": {"content-available": 1}, "sync": "inbox"}"#)
        #expect(!id.isEmpty)
        #expect(try await delegate.synced.next(within: .seconds(10), "didReceiveRemoteNotification") == "inbox")
        // Nothing on screen: the next notification dunst shows is the marker, the first.
        _ = try await center.call(Center1.post, ClientScene.appID, "", "Marker", "")
        let (index, shown) = try await scene.desktop.waitUntilShown("the marker") { $0.summary == "Marker" }
        #expect(index == 0 && shown.summary == "Marker")
        withExtendedLifetime(delegate) {}
    }
}
