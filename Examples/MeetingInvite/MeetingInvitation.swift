import UserNotifications

/// Listing 1 of "Declaring your actionable notification types": registering actions and
/// notification types.
func registerMeetingInvitationCategory() {
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

/// Listing 2: the invitation's content, in a request named after the meeting (so a second
/// invitation to the same meeting replaces the first).
func meetingInvitationRequest(meetingID: String, userID: String) -> UNNotificationRequest {
    let content = UNMutableNotificationContent()
    content.title = "Weekly Staff Meeting"
    content.body = "Every Tuesday at 2pm"
    content.userInfo = ["MEETING_ID" : meetingID,
                        "USER_ID" : userID ]
    content.categoryIdentifier = "MEETING_INVITATION"
    return UNNotificationRequest(identifier: "meeting-\(meetingID)", content: content, trigger: nil)
}
