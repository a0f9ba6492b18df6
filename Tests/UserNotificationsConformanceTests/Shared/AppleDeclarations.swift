import UserNotifications

// One reference to each public declaration of Apple's UserNotifications framework that macOS
// has (UserNotifications.framework's headers, macOS 15 SDK), in the header's order. It
// compiles in the Swift 6 and the Swift 5 language mode and with main-actor default isolation
// (this file is shared by the three conformance test targets); what cannot exist on Linux is
// in docs/swift.md with the reason.
// Each line is marked with the count of declarations it references ("// n").

/// UNUserNotificationCenter: 22.
func referenceCenter(_ request: UNNotificationRequest, _ category: UNNotificationCategory) async throws {
    let center = UNUserNotificationCenter.current()                                        // 1
    let delegate: UNUserNotificationCenterDelegate? = center.delegate                      // 2
    _ = delegate
    _ = center.supportsContentExtensions                                                   // 3
    center.requestAuthorization(options: [.alert, .sound, .badge]) { granted, error in _ = (granted, error) }  // 4
    _ = try await center.requestAuthorization(options: [.alert])                            // 5
    center.setNotificationCategories([category])                                           // 6
    center.getNotificationCategories { categories in _ = categories }                      // 7
    _ = await center.notificationCategories()                                              // 8
    center.getNotificationSettings { settings in _ = settings }                            // 9
    _ = await center.notificationSettings()                                                // 10
    center.add(request, withCompletionHandler: nil)                                        // 11
    try await center.add(request)                                                          // 12
    center.getPendingNotificationRequests { requests in _ = requests }                     // 13
    _ = await center.pendingNotificationRequests()                                         // 14
    center.removePendingNotificationRequests(withIdentifiers: ["a"])                       // 15
    center.removeAllPendingNotificationRequests()                                          // 16
    center.getDeliveredNotifications { notifications in _ = notifications }                // 17
    _ = await center.deliveredNotifications()                                              // 18
    center.removeDeliveredNotifications(withIdentifiers: ["a"])                            // 19
    center.removeAllDeliveredNotifications()                                               // 20
    center.setBadgeCount(3, withCompletionHandler: nil)                                    // 21
    try await center.setBadgeCount(0)                                                      // 22
}

/// UNUserNotificationCenterDelegate, completion-handler forms (3 of 5), as a class with state.
final class CompletionHandlerDelegate: NSObject, UNUserNotificationCenterDelegate {
    var answered = 0

    func userNotificationCenter(                                                          // 1
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .sound])
    }

    func userNotificationCenter(                                                          // 2
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        answered += 1
        completionHandler()
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {}  // 3
}

/// UNUserNotificationCenterDelegate, async forms (2 of 5).
final class AsyncDelegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(                                                          // 1
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        [.list]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}  // 2
}

/// Options and levels: UNAuthorizationOptions 10, UNNotificationPresentationOptions 6,
/// UNNotificationInterruptionLevel 5.
func referenceOptions() {
    let authorization: UNAuthorizationOptions = [.badge, .sound, .alert, .carPlay, .criticalAlert,       // 1–6
                                                 .providesAppNotificationSettings, .provisional,       // 7, 8
                                                 .announcement, .timeSensitive]                        // 9, 10
    let presentation: UNNotificationPresentationOptions = [.badge, .sound, .alert, .list, .banner]     // 1–6
    let levels: [UNNotificationInterruptionLevel] = [.passive, .active, .timeSensitive, .critical]    // 1–5
    _ = (authorization, presentation, levels)
}

/// UNNotification 3, UNNotificationRequest 5, UNNotificationContent 21,
/// UNMutableNotificationContent 18, UNNotificationContentProviding 1.
func referenceContent(_ notification: UNNotification) throws -> UNNotificationContent {
    _ = notification.date                                                                  // UNNotification 1, 2
    let request: UNNotificationRequest = notification.request                              // 3
    _ = UNNotificationRequest(identifier: "a", content: request.content, trigger: request.trigger)  // UNNotificationRequest 1–4
    _ = request.identifier                                                                 // 5

    let content: UNNotificationContent = request.content                                   // UNNotificationContent 1
    _ = (content.title, content.subtitle, content.body, content.badge, content.sound)      // 2–6
    _ = (content.launchImageName, content.userInfo, content.attachments)                   // 7–9
    _ = (content.categoryIdentifier, content.threadIdentifier, content.targetContentIdentifier)  // 10–12
    _ = (content.summaryArgument, content.summaryArgumentCount, content.interruptionLevel)  // 13–15
    _ = (content.relevanceScore, content.filterCriteria)                                   // 16, 17
    _ = content.copy() as? UNNotificationContent                                           // 18 (NSCopying)
    let mutable = content.mutableCopy() as! UNMutableNotificationContent                   // 19 (NSMutableCopying)
    _ = try? content.updating(from: NoProvider())                                          // 20, UNNotificationContentProviding 1
    _ = UNNotificationContent()                                                            // 21

    mutable.title = "t"; mutable.subtitle = "s"; mutable.body = "b"                        // UNMutableNotificationContent 1–3
    mutable.badge = 1; mutable.sound = .default; mutable.launchImageName = ""              // 4–6
    mutable.userInfo = ["k": "v"]; mutable.attachments = []                                // 7, 8
    mutable.categoryIdentifier = "c"; mutable.threadIdentifier = "t"                       // 9, 10
    mutable.targetContentIdentifier = "w"; mutable.summaryArgument = "a"                   // 11, 12
    mutable.summaryArgumentCount = 2; mutable.interruptionLevel = .timeSensitive           // 13, 14
    mutable.relevanceScore = 0.5; mutable.filterCriteria = "work"                          // 15, 16
    let made = UNMutableNotificationContent()                                              // 17
    return made as UNNotificationContent                                                   // 18 (a subclass of UNNotificationContent)
}

/// A type that provides no content (Apple's are Intents).
struct NoProvider: UNNotificationContentProviding {}

/// UNNotificationAction 7, UNTextInputNotificationAction 5, UNNotificationActionIcon 3,
/// UNNotificationActionOptions 4, UNNotificationCategory 10, UNNotificationCategoryOptions 6.
func referenceActions() -> UNNotificationCategory {
    let accept = UNNotificationAction(identifier: "ACCEPT", title: "Accept", options: [.foreground])   // UNNotificationAction 1, 2
    let delete = UNNotificationAction(identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired],
                                      icon: UNNotificationActionIcon(systemImageName: "trash"))  // 3; UNNotificationActionIcon 1, 2; options 1–4
    _ = (accept.identifier, accept.title, accept.options, delete.icon)                     // UNNotificationAction 4–7
    let reply = UNTextInputNotificationAction(identifier: "REPLY", title: "Reply", options: [],  // UNTextInputNotificationAction 1, 2
                                              textInputButtonTitle: "Send", textInputPlaceholder: "Message")
    let iconReply = UNTextInputNotificationAction(identifier: "R2", title: "Reply", options: [],  // 3, UNNotificationActionIcon 3
                                                  icon: UNNotificationActionIcon(templateImageName: "mail-reply-sender"),
                                                  textInputButtonTitle: "Send", textInputPlaceholder: "")
    _ = (reply.textInputButtonTitle, reply.textInputPlaceholder)                           // 4, 5
    let options: UNNotificationCategoryOptions = [.customDismissAction, .allowInCarPlay,    // UNNotificationCategoryOptions 1–3
                                                  .hiddenPreviewsShowTitle, .hiddenPreviewsShowSubtitle, .allowAnnouncement]  // 4–6
    let plain = UNNotificationCategory(identifier: "A", actions: [accept], intentIdentifiers: [], options: options)  // UNNotificationCategory 1, 2
    let hidden = UNNotificationCategory(identifier: "B", actions: [delete, reply, iconReply], intentIdentifiers: [],  // 3
                                        hiddenPreviewsBodyPlaceholder: "%u new", options: [])
    let summary = UNNotificationCategory(identifier: "C", actions: [], intentIdentifiers: [],  // 4
                                         hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: "%u more", options: [])
    _ = (plain.identifier, plain.actions, plain.intentIdentifiers, plain.options)          // 5–8
    _ = (hidden.hiddenPreviewsBodyPlaceholder, summary.categorySummaryFormat)              // 9, 10
    return hidden
}

/// UNNotificationResponse 3, UNTextInputNotificationResponse 2, the two action identifiers 2.
func referenceResponse(_ response: UNNotificationResponse) -> String {
    _ = response.notification                                                              // UNNotificationResponse 1, 2
    if let text = response as? UNTextInputNotificationResponse { return text.userText }    // UNTextInputNotificationResponse 1, 2
    switch response.actionIdentifier {                                                     // UNNotificationResponse 3
    case UNNotificationDefaultActionIdentifier: return "opened"                            // 1
    case UNNotificationDismissActionIdentifier: return "dismissed"                         // 2
    default: return response.actionIdentifier
    }
}

/// UNNotificationAttachment 5 and its 4 option keys, UNNotificationSound 9, UNNotificationSoundName 3.
func referenceAttachmentsAndSounds(_ file: URL) throws {
    let options: [AnyHashable: Any] = [
        UNNotificationAttachmentOptionsTypeHintKey: "public.png",                          // 1
        UNNotificationAttachmentOptionsThumbnailHiddenKey: false,                          // 2
        UNNotificationAttachmentOptionsThumbnailClippingRectKey: [:] as [String: Double],  // 3
        UNNotificationAttachmentOptionsThumbnailTimeKey: 0,                                // 4
    ]
    let attachment = try UNNotificationAttachment(identifier: "img", url: file, options: options)  // UNNotificationAttachment 1, 2
    _ = (attachment.identifier, attachment.url, attachment.type)                           // 3–5
    let name = UNNotificationSoundName(rawValue: "bell")                                   // UNNotificationSoundName 1, 2
    _ = UNNotificationSoundName("bell")                                                    // 3
    _ = [UNNotificationSound.default, .defaultCritical, .defaultRingtone]                  // UNNotificationSound 1–4
    _ = UNNotificationSound.defaultCriticalSound(withAudioVolume: 0.5)                     // 5
    _ = UNNotificationSound(named: name)                                                   // 6
    _ = UNNotificationSound.criticalSoundNamed(name)                                       // 7
    _ = UNNotificationSound.criticalSoundNamed(name, withAudioVolume: 1)                   // 8
    _ = UNNotificationSound.ringtoneSoundNamed(name)                                       // 9
}

/// UNNotificationTrigger 2, UNPushNotificationTrigger 1, UNTimeIntervalNotificationTrigger 4,
/// UNCalendarNotificationTrigger 4.
func referenceTriggers(_ trigger: UNNotificationTrigger?) -> Bool {
    let interval = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)     // UNTimeInterval… 1, 2
    _ = (interval.timeInterval, interval.nextTriggerDate())                                // 3, 4
    let calendar = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 8), repeats: true)  // UNCalendar… 1, 2
    _ = (calendar.dateComponents, calendar.nextTriggerDate())                              // 3, 4
    let any: UNNotificationTrigger = interval                                              // UNNotificationTrigger 1
    _ = any.repeats                                                                        // 2
    return trigger is UNPushNotificationTrigger                                            // UNPushNotificationTrigger 1
}

/// UNNotificationSettings 16, UNAuthorizationStatus 6, UNNotificationSetting 4, UNAlertStyle 4,
/// UNShowPreviewsSetting 4.
func referenceSettings(_ settings: UNNotificationSettings) -> [Int] {                     // UNNotificationSettings 1
    let status: UNAuthorizationStatus = settings.authorizationStatus                       // 2; UNAuthorizationStatus 1
    let statuses: [UNAuthorizationStatus] = [.notDetermined, .denied, .authorized, .provisional, .ephemeral]  // 2–6
    let each: [UNNotificationSetting] = [                                                  // UNNotificationSetting 1
        settings.soundSetting, settings.badgeSetting, settings.alertSetting,               // 3–5
        settings.notificationCenterSetting, settings.lockScreenSetting, settings.carPlaySetting,  // 6–8
        settings.criticalAlertSetting, settings.announcementSetting, settings.timeSensitiveSetting,  // 9–11
        settings.scheduledDeliverySetting, settings.directMessagesSetting,                 // 12, 13
        .notSupported, .disabled, .enabled,                                                // UNNotificationSetting 2–4
    ]
    let style: UNAlertStyle = settings.alertStyle                                          // 14; UNAlertStyle 1
    let styles: [UNAlertStyle] = [.none, .banner, .alert]                                  // 2–4
    let previews: UNShowPreviewsSetting = settings.showPreviewsSetting                     // 15; UNShowPreviewsSetting 1
    let previewChoices: [UNShowPreviewsSetting] = [.always, .whenAuthenticated, .never]    // 2–4
    _ = settings.providesAppNotificationSettings                                           // 16
    return [status.rawValue, style.rawValue, previews.rawValue] + statuses.map(\.rawValue) + each.map(\.rawValue)
        + styles.map(\.rawValue) + previewChoices.map(\.rawValue)
}

/// UNError 2 (the type, UNErrorDomain), UNError.Code 13 (the type and its 12 codes).
func referenceErrors(_ error: Error) -> Int {
    _ = UNErrorDomain                                                                      // 1
    let codes: [UNError.Code] = [                                                          // UNError.Code 1
        .notificationsNotAllowed, .attachmentInvalidURL, .attachmentUnrecognizedType,      // 2–4
        .attachmentInvalidFileSize, .attachmentNotInDataStore, .attachmentMoveIntoDataStoreFailed,  // 5–7
        .attachmentCorrupt, .notificationInvalidNoDate, .notificationInvalidNoContent,     // 8–10
        .contentProvidingObjectNotAllowed, .contentProvidingInvalid, .badgeInputInvalid,   // 11–13
    ]
    if let error = error as? UNError { return error.code.rawValue }                        // 2
    return codes.count
}

/// UNNotificationServiceExtension 3.
nonisolated final class ServiceExtension: UNNotificationServiceExtension {                 // 1
    override func didReceive(                                                              // 2
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }

    override func serviceExtensionTimeWillExpire() {}                                      // 3
}

/// NSString+UserNotifications 1.
func referenceLocalizedString() -> String {
    NSString.localizedUserNotificationString(forKey: "%@ invited you", arguments: ["Anna"])  // 1
}
