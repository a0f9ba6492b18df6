// The Swift listings of ../shared/reference/apple/000_…, 002_… and 003_…, as an app
// would take them from an Apple platform. Changes, each marked "Changed:", are only
// where a listing uses app-specific helpers (sharedMeetingManager, meetingID, userID),
// needs an enclosing declaration, or (once) does not parse as Swift anywhere.
import UserNotifications

/// 000, Listing 1: registering actions and notification types.
func registerMeetingInvitationCategory() {  // Changed: wrapped in a function.
    // Define the custom actions.
    let acceptAction = UNNotificationAction(identifier: "ACCEPT_ACTION",
          title: "Accept",
          options: [])
    let declineAction = UNNotificationAction(identifier: "DECLINE_ACTION",
          title: "Decline",
          options: [])
    // Define the notification type
    let meetingInviteCategory =
          UNNotificationCategory(identifier: "MEETING_INVITATION",
          actions: [acceptAction, declineAction],
          intentIdentifiers: [],
          hiddenPreviewsBodyPlaceholder: "",
          options: .customDismissAction)
    // Register the notification type.
    let notificationCenter = UNUserNotificationCenter.current()
    notificationCenter.setNotificationCategories([meetingInviteCategory])
}

/// 000, Listing 2: assigning a category to a local notification.
func meetingInvitationContent(meetingID: String, userID: String) -> UNMutableNotificationContent {  // Changed: wrapped; meetingID and userID are parameters.
    let content = UNMutableNotificationContent()
    content.title = "Weekly Staff Meeting"
    content.body = "Every Tuesday at 2pm"
    content.userInfo = ["MEETING_ID" : meetingID,
                        "USER_ID" : userID ]
    content.categoryIdentifier = "MEETING_INVITATION"
    return content  // Changed: returned.
}

/// 002: an action and a category registered with the shared center (watchOS).
func registerMyCategory() {  // Changed: wrapped in a function.
    let action = UNNotificationAction(identifier: "my_action",
                                      title: "My Action",
                                      options: [])
    let category = UNNotificationCategory(identifier: "my_category",
                                          actions: [action],
                                          intentIdentifiers: [],
                                          options: [])
    UNUserNotificationCenter.current().setNotificationCategories([category])
}

/// 000, Listing 4: performing a selected action.
final class DeclaringActionsDelegate: UNUserNotificationCenterDelegate {  // Changed: the enclosing class.
    let sharedMeetingManager: MeetingManager  // Changed: the app's helper, injected.
    init(_ manager: MeetingManager) { sharedMeetingManager = manager }

    func userNotificationCenter(_ center: UNUserNotificationCenter,
           didReceive response: UNNotificationResponse,
           withCompletionHandler completionHandler:
             @escaping () -> Void) {

       // Get the meeting ID from the original notification.
       let userInfo = response.notification.request.content.userInfo
       let meetingID = userInfo["MEETING_ID"] as! String
       let userID = userInfo["USER_ID"] as! String

       // Perform the task associated with the action.
       switch response.actionIdentifier {
       case "ACCEPT_ACTION":
          sharedMeetingManager.acceptMeeting(user: userID,
                                        meetingID: meetingID)
          break

       case "DECLINE_ACTION":
          sharedMeetingManager.declineMeeting(user: userID,
                                         meetingID: meetingID)
          break

       // Handle other actions...
       default:
          break
       }

       // Always call the completion handler when done.
       completionHandler()
    }
}

/// 003, Listings 1 and 2: handling actions, and notifications while the app runs.
final class HandlingActionsDelegate: UNUserNotificationCenterDelegate {  // Changed: the enclosing class.
    let sharedMeetingManager: MeetingManager  // Changed: the app's helper, injected.
    init(_ manager: MeetingManager) { sharedMeetingManager = manager }

    func userNotificationCenter(_ center: UNUserNotificationCenter,
                didReceive response: UNNotificationResponse,
                withCompletionHandler completionHandler:
                   @escaping () -> Void) {
       // Get the meeting ID from the original notification.
       let userInfo = response.notification.request.content.userInfo

       if response.notification.request.content.categoryIdentifier ==
                  "MEETING_INVITATION" {
          // Retrieve the meeting details.
          let meetingID = userInfo["MEETING_ID"] as! String
          let userID = userInfo["USER_ID"] as! String

          switch response.actionIdentifier {
          case "ACCEPT_ACTION":
             sharedMeetingManager.acceptMeeting(user: userID,
                   meetingID: meetingID)
             break

          case "DECLINE_ACTION":
             sharedMeetingManager.declineMeeting(user: userID,
                   meetingID: meetingID)
             break

          case UNNotificationDefaultActionIdentifier,
               UNNotificationDismissActionIdentifier:
             // Queue meeting-related notifications for later
             //  if the user does not act.
             sharedMeetingManager.queueMeetingForDelivery(user: userID,
                   meetingID: meetingID)
             break

          default:
             break
          }
       }
       else {
          // Handle other notification types...
       }

       // Always call the completion handler when done.
       completionHandler()
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter,
             willPresent notification: UNNotification,
             withCompletionHandler completionHandler:
                @escaping (UNNotificationPresentationOptions) -> Void) {
       if notification.request.content.categoryIdentifier ==
                "MEETING_INVITATION" {
          // Retrieve the meeting details.
          // Changed: the article breaks these two lines after "content."; Swift (on
          // Apple platforms too) wants the member name right after the dot, so they are joined.
          let meetingID = notification.request.content.userInfo["MEETING_ID"] as! String
          let userID = notification.request.content.userInfo["USER_ID"] as! String

          // Add the meeting to the queue.
          sharedMeetingManager.queueMeetingForDelivery(user: userID,
                meetingID: meetingID)

          // Play a sound to let the user know about the invitation.
          completionHandler(.sound)
          return
       }
       else {
          // Handle other notification types...
       }

       // Don't alert the user for other types.
       completionHandler(UNNotificationPresentationOptions(rawValue: 0))
    }
}
