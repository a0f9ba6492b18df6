// MeetingInvite: Apple's meeting invitation ("Declaring your actionable notification types",
// "Handling notifications and notification-related actions") as a Linux desktop app.
//
//   swift run MeetingInvite --invite   send the sample invitation, then handle the answers
//   swift run MeetingInvite            deliver again what the user put off, then handle the answers
import Foundation
import UserNotifications

// What an Apple app does at launch, in application(_:didFinishLaunchingWithOptions:).
let notificationCenter = UNUserNotificationCenter.current()
let appDelegate = AppDelegate()
registerMeetingInvitationCategory()
notificationCenter.delegate = appDelegate  // answers given while the app was not running arrive now

// Invitations the user closed, or opened without answering, were queued for delivery when
// the app launches: here they come again.
for meeting in sharedMeetingManager.takeQueuedMeetings() {
    try await addAndWait(meetingInvitationRequest(meetingID: meeting.meetingID, userID: meeting.userID))
    print("Invitation to meeting \(meeting.meetingID) delivered again")
}

if CommandLine.arguments.contains("--invite") {
    try await addAndWait(meetingInvitationRequest(meetingID: "123456789", userID: "ABCD1234"))
    print("Invited ABCD1234 to meeting 123456789")
}

print("MeetingInvite is running: accept, decline or close the invitation (Ctrl-C quits)")
while true { try await Task.sleep(for: .seconds(3600)) }

/// Adds `request` and waits for usernoted's answer. A function, because in top-level code Swift
/// picks the completion-handler form of `add` for `try await notificationCenter.add(…)`.
func addAndWait(_ request: UNNotificationRequest) async throws { try await notificationCenter.add(request) }
