import TestSupport

/// The listings' `sharedMeetingManager`, recording what the delegate asked of it.
final class MeetingManager: Sendable {
    /// One call: what was done, for which user and meeting.
    struct Call: Sendable, Equatable {
        var verb: String
        var user: String
        var meetingID: String
    }

    /// Every call, in order.
    let calls = Inbox<Call>()

    func acceptMeeting(user: String, meetingID: String) { calls.put(Call(verb: "accept", user: user, meetingID: meetingID)) }
    func declineMeeting(user: String, meetingID: String) { calls.put(Call(verb: "decline", user: user, meetingID: meetingID)) }
    func queueMeetingForDelivery(user: String, meetingID: String) { calls.put(Call(verb: "queue", user: user, meetingID: meetingID)) }
}
