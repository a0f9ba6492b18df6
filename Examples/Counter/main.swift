// Counter: the iOS 8 counter app of "Interactive Notifications with Notification Actions"
// (Think And Build), on the Linux desktop with Apple's UserNotifications API: a notification
// every minute shows the counter, and its buttons change it without opening anything.
//
//   swift run Counter        show the counter every minute; handle Add +1, Sub -1 and Reset
//   swift run Counter stop   no more counter notifications
import Foundation
import UserNotifications

let counter = Counter(file: appStateDirectory(named: "Counter").appending(path: "counter"))
let notificationCenter = UNUserNotificationCenter.current()

if CommandLine.arguments.dropFirst().first == "stop" {
    notificationCenter.removePendingNotificationRequests(withIdentifiers: [counterRequestIdentifier])
    notificationCenter.removeDeliveredNotifications(withIdentifiers: [counterRequestIdentifier])
    _ = await notificationCenter.pendingNotificationRequests()  // the center's calls run in order: both are done
    print("No more counter notifications; the counter stays at \(counter.currentTotal)")
    exit(0)
}

// 1.–3. The actions, their category, and the registration.
registerCounterCategory()
let appDelegate = AppDelegate(counter: counter)
notificationCenter.delegate = appDelegate  // answers given while the app was not running arrive now

// Schedule the notifications: every minute, showing the counter as it is now.
try await scheduleCounterNotification(showing: counter.currentTotal)
print("Counter is \(counter.currentTotal); a notification every minute lets you change it (Ctrl-C quits)")
while true { try await Task.sleep(for: .seconds(3600)) }
