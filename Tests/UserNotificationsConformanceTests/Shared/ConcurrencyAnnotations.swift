import UserNotifications

// Notification code as Swift 6 apps write it, one line per concurrency annotation of the
// library (docs/swift.md, "Concurrency annotations"): each line marked "// Cn" stops compiling
// if annotation n differs from Apple's in the way that line depends on. Compiled in the
// Swift 6 mode, in Swift 6 with main-actor default isolation, NonisolatedNonsendingByDefault
// and InferIsolatedConformances, and in the Swift 5 mode (the three conformance targets).
// Lines marked "warning" compile with the same warning as on Apple's SDK.

// C1. The center's completion-handler methods are `@preconcurrency`, as Apple's (imported from
// Objective-C) are: an app's own non-`Sendable` handler passed on compiles, with a warning.

/// What a notification helper of an app written before `Sendable` passes on (the file).
final class LegacyScheduler {
    let center: UNUserNotificationCenter

    init(center: UNUserNotificationCenter) { self.center = center }

    func schedule(_ request: UNNotificationRequest, completion: ((Error?) -> Void)?) {
        center.add(request, withCompletionHandler: completion)                               // C1 warning
    }

    func authorize(completion: @escaping (Bool, Error?) -> Void) {
        center.requestAuthorization(options: [.alert, .sound], completionHandler: completion)  // C1 warning
    }

    func read(settings: @escaping (UNNotificationSettings) -> Void, categories: @escaping (Set<UNNotificationCategory>) -> Void,
              pending: @escaping ([UNNotificationRequest]) -> Void, delivered: @escaping ([UNNotification]) -> Void) {
        center.getNotificationSettings(completionHandler: settings)                           // C1 warning
        center.getNotificationCategories(completionHandler: categories)                       // C1 warning
        center.getPendingNotificationRequests(completionHandler: pending)                     // C1 warning
        center.getDeliveredNotifications(completionHandler: delivered)                        // C1 warning
    }

    func clearBadge(completion: ((Error?) -> Void)?) {
        center.setBadgeCount(0, withCompletionHandler: completion)                            // C1 warning
    }
}

// C2. Each completion handler is `@Sendable`, as Apple's: a protocol that apps write over the
// center with `@Sendable` handlers (as Swift 6 apps do since Xcode 26) is met by the center.

/// The center's methods an app mocks in its tests, with Apple's (Xcode 26) handler types.
protocol SendableNotificationCenter: AnyObject {
    func requestAuthorization(options: UNAuthorizationOptions, completionHandler: @escaping @Sendable (Bool, Error?) -> Void)
    func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void)
    func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void)
    func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable (Error?) -> Void)?)
    func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void)
    func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void)
    func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable (Error?) -> Void)?)
}

extension UNUserNotificationCenter: SendableNotificationCenter {}                            // C2

#if swift(>=6)
/// Compiles only where `A` and `B` are the same type (a `@Sendable` parameter is not the same
/// as a plain one, although either converts to the other's place in some positions).
struct SameType<A, B> {
    init(_ a: A.Type, _ b: B.Type) {}
}

extension SameType where A == B {
    func check() {}
}

/// The type of `value`, exactly as declared (`inout` converts nothing).
func declaredType<T>(of value: inout T) -> T.Type { T.self }

/// The handlers' types, exactly (the Swift 5 mode drops `@Sendable` from `@preconcurrency` declarations' types).
@MainActor
func checkHandlerTypes(_ center: UNUserNotificationCenter) {
    var authorize = center.requestAuthorization(options:completionHandler:)
    var categories = center.getNotificationCategories(completionHandler:)
    var settings = center.getNotificationSettings(completionHandler:)
    var add = center.add(_:withCompletionHandler:)
    var pending = center.getPendingNotificationRequests(completionHandler:)
    var delivered = center.getDeliveredNotifications(completionHandler:)
    var badge = center.setBadgeCount(_:withCompletionHandler:)
    SameType(declaredType(of: &authorize),                                                                      // C2
             (@Sendable (UNAuthorizationOptions, @escaping @Sendable (Bool, (any Error)?) -> Void) -> Void).self).check()
    SameType(declaredType(of: &categories),                                                                    // C2
             (@Sendable (@escaping @Sendable (Set<UNNotificationCategory>) -> Void) -> Void).self).check()
    SameType(declaredType(of: &settings),                                                                      // C2
             (@Sendable (@escaping @Sendable (UNNotificationSettings) -> Void) -> Void).self).check()
    SameType(declaredType(of: &add),                                                                            // C2
             (@Sendable (UNNotificationRequest, (@Sendable ((any Error)?) -> Void)?) -> Void).self).check()
    SameType(declaredType(of: &pending),                                                                       // C2
             (@Sendable (@escaping @Sendable ([UNNotificationRequest]) -> Void) -> Void).self).check()
    SameType(declaredType(of: &delivered),                                                                     // C2
             (@Sendable (@escaping @Sendable ([UNNotification]) -> Void) -> Void).self).check()
    SameType(declaredType(of: &badge),                                                                          // C2
             (@Sendable (Int, (@Sendable ((any Error)?) -> Void)?) -> Void).self).check()
    let serviceExtension: UNNotificationServiceExtension = TemplateServiceExtension()
    var contentHandler = serviceExtension.didReceive(_:withContentHandler:)
    SameType(declaredType(of: &contentHandler),                                                                 // C7
             ((UNNotificationRequest, @escaping (UNNotificationContent) -> Void) -> Void).self).check()
}
#endif

/// The center's async methods an app mocks, as most Swift 6 apps wrap it.
protocol AsyncNotificationCenter: Sendable {
    func requestAuthorization(options: UNAuthorizationOptions) async throws -> Bool
    func notificationSettings() async -> UNNotificationSettings
    func notificationCategories() async -> Set<UNNotificationCategory>
    func add(_ request: UNNotificationRequest) async throws
    func pendingNotificationRequests() async -> [UNNotificationRequest]
    func deliveredNotifications() async -> [UNNotification]
    func setBadgeCount(_ newBadgeCount: Int) async throws
    func removePendingNotificationRequests(withIdentifiers identifiers: [String])
}

extension UNUserNotificationCenter: AsyncNotificationCenter {}                               // C2, C8

// C3. The delegate's completion handlers are `@Sendable` and `@preconcurrency`, as Apple's: a
// delegate may hand its handler to another task, and one that forwards its own plain
// `@escaping` handler to another delegate compiles, with a warning.

/// A delegate that passes everything on to the delegate that was set before it (as analytics
/// and push SDKs do).
final class ForwardingDelegate: NSObject, UNUserNotificationCenterDelegate {
    weak var next: (any UNUserNotificationCenterDelegate)?                                    // C4

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        guard let next else { return completionHandler([.banner]) }
        next.userNotificationCenter(center, willPresent: notification, withCompletionHandler: completionHandler)  // C3 warning
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        guard let next else { return completionHandler() }
        next.userNotificationCenter(center, didReceive: response, withCompletionHandler: completionHandler)  // C3 warning
    }
}

/// A delegate that answers later, from another task.
final class DeferringDelegate: NSObject, UNUserNotificationCenterDelegate {
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        Task.detached { completionHandler() }                                                 // C3
    }
}

// C4. The delegate protocol is not isolated to an actor and does not require `Sendable`, as
// Apple's: an actor is a delegate with its own isolated async methods, and a class with
// plain mutable state is one too (ForwardingDelegate above).

/// A delegate that is an actor: the responses are its state.
actor ResponseLog: UNUserNotificationCenterDelegate {                                        // C4
    private(set) var identifiers: [String] = []

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        identifiers.append(response.notification.request.identifier)                          // C4
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        identifiers.isEmpty ? [.banner, .sound] : [.list]
    }
}

// C5. A `@MainActor` class is a delegate through a `@preconcurrency` conformance with
// main-actor methods (as on Apple platforms), or with `nonisolated` methods
// (Samples/MainActorAppDelegate.swift); the center calls the async forms, which reach the
// main actor.

/// The app's state, shown in its window.
@MainActor
final class InboxModel {
    private(set) var unread: [String] = []
    private(set) var pending: [UNNotificationRequest] = []
    private(set) var settings: UNNotificationSettings?

    /// Reads what the window shows (C6: the async forms' results reach the main actor).
    func refresh(_ center: UNUserNotificationCenter) async {
        settings = await center.notificationSettings()                                        // C6
        pending = await center.pendingNotificationRequests()                                  // C6
    }
}

extension InboxModel: @preconcurrency UNUserNotificationCenterDelegate {                      // C5
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        unread.append(response.notification.request.identifier)                               // C5
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        unread.count > 9 ? [.list] : [.banner, .list, .sound]
    }
}

// C6. The async forms are `nonisolated` and their results `Sendable`: called from the main
// actor (InboxModel.refresh above), from an actor and from a detached task, whose result
// (`Task`'s `Success`) must be `Sendable`.

/// A scheduler that is an actor and keeps the center.
actor ReminderQueue {
    let center: UNUserNotificationCenter
    private var scheduled: [String] = []

    init(center: UNUserNotificationCenter) { self.center = center }

    func schedule(_ request: UNNotificationRequest) async throws {
        try await center.add(request)                                                         // C6, C8
        scheduled = await center.pendingNotificationRequests().map(\.identifier)              // C6
    }
}

// C7. The service extension's content handler is not `@Sendable`, as Apple's: Xcode's
// template keeps it in a plain optional property (AppleDeclarations.swift overrides it too),
// and checkHandlerTypes above checks its type (an override that adds `@Sendable` compiles under
// `@preconcurrency import`, as on Apple's SDK: Samples/ActorServiceExtension.swift).
// The class is not isolated, as Apple's: with main-actor default isolation a subclass says
// `nonisolated`, as on Apple platforms.

/// Xcode's Notification Service Extension template.
nonisolated final class TemplateServiceExtension: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void  // C7
    ) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        if let bestAttemptContent {
            bestAttemptContent.title = "\(bestAttemptContent.title) [modified]"
            contentHandler(bestAttemptContent)
        }
    }

    override func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent { contentHandler(bestAttemptContent) }
    }
}

// C8. The values and the center are `Sendable` (Apple's SDK leaves most of them unmarked and
// apps add the conformance themselves, which compiles here with a warning): they cross into
// tasks and actors and fit `Sendable` generics.

/// A value an app sends between tasks.
struct Sent<Value: Sendable>: Sendable {
    let value: Value
}

/// Every value type of the framework in a `Sendable` generic.
func sendableValues(_ response: UNNotificationResponse, _ settings: UNNotificationSettings) -> [any Sendable] {
    let content = UNMutableNotificationContent()
    let request = UNNotificationRequest(identifier: "a", content: content, trigger: nil)
    return [
        Sent(value: UNUserNotificationCenter.current()), Sent(value: content), Sent(value: request),  // C8
        Sent(value: request.content), Sent(value: response), Sent(value: response.notification),    // C8
        Sent(value: settings), Sent(value: UNNotificationCategory(identifier: "c", actions: [], intentIdentifiers: [])),  // C8
        Sent(value: UNNotificationAction(identifier: "a", title: "A", options: [])), Sent(value: UNNotificationSound.default),  // C8
        Sent(value: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)),   // C8
        Sent(value: UNNotificationPresentationOptions.banner), Sent(value: UNAuthorizationOptions.alert),  // C8
        Sent(value: UNError(.notificationsNotAllowed, "denied")),                                        // C8
        Sent(value: UNAuthorizationStatus.authorized), Sent(value: UNNotificationSetting.enabled),       // C8
        Sent(value: UNAlertStyle.banner), Sent(value: UNShowPreviewsSetting.always),                    // C8
        Sent(value: UNNotificationInterruptionLevel.timeSensitive), Sent(value: UNNotificationActionOptions.foreground),  // C8
        Sent(value: UNNotificationCategoryOptions.customDismissAction), Sent(value: UNNotificationSoundName("bell")),  // C8
        Sent(value: UNNotificationContentExtensionResponseOption.doNotDismiss),                          // C8
    ]
}

/// The settings read in a detached task and handed back.
func settingsDetached(_ center: UNUserNotificationCenter) async -> UNNotificationSettings {
    await Task.detached { await center.notificationSettings() }.value                         // C6
}

/// The center and a request sent into a detached task.
func addDetached(_ request: UNNotificationRequest) {
    let center = UNUserNotificationCenter.current()
    Task.detached { try? await center.add(request) }                                          // C8
}

/// What apps of 2024–2026 add for Apple's SDK, which compiles here with a warning (C8). For
/// `UNNotification`, not the response or the center: the conformance would hide whether the
/// library declares the type `Sendable` from the other lines of this module.
extension UNNotification: @retroactive @unchecked Sendable {}                               // C8 warning

// C9. The content extension protocol does not require `Sendable` and is not isolated, as
// Apple's (`UNNotificationContentExtension: NSObjectProtocol`; only its `didReceive(_:)` for
// the interface is `@MainActor`): an extension keeps plain state, and its handler is
// `@Sendable` and `@preconcurrency` as the delegate's (C3).

/// A content extension that keeps the notification on screen the first time, as the reminders
/// tutorial's view controller does with its own state.
final class CountingExtension: UNNotificationContentExtension {
    private var handled = 0                                                                     // C9

    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        handled += 1
        completion(handled > 1 ? .dismiss : .doNotDismiss)
    }
}

/// A content extension that answers from a detached task, with the completion-handler form.
final class DetachedExtension: UNNotificationContentExtension {
    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        Task.detached { completion(.dismiss) }                                                  // C9
    }
}

/// A content extension that answers from another task, with the `async` form.
actor DeferringExtension: UNNotificationContentExtension {
    private var seen: Set<String> = []

    func didReceive(_ response: UNNotificationResponse) async -> UNNotificationContentExtensionResponseOption {
        seen.insert(response.actionIdentifier).inserted ? .doNotDismiss : .dismissAndForwardAction  // C9
    }
}

/// Registers both for their categories, as an app does at launch.
func registerExtensions(_ center: UNUserNotificationCenter) {
    center.setContentExtension(CountingExtension(), forCategories: ["reminder"])                // C9
    center.setContentExtension(DeferringExtension(), forCategories: ["invitation"])
}
