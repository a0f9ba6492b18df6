import Foundation
import Synchronization

/// The listings' `sharedMeetingManager`: the app's side of meetings.
let sharedMeetingManager = MeetingManager(
    file: appStateDirectory(named: "MeetingInvite").appending(path: "meetings.json"))

/// Keeps the user's answers and the invitations put off for later in a small JSON file, so
/// they outlast the app.
final class MeetingManager: Sendable {
    /// One invitation: which meeting, for which user.
    struct Invitation: Codable, Equatable, Sendable {
        var meetingID: String
        var userID: String
    }

    /// What the file holds.
    struct Meetings: Codable, Sendable {
        var accepted: [Invitation] = []
        var declined: [Invitation] = []
        /// Invitations to deliver again when the app next launches.
        var queued: [Invitation] = []
    }

    private let file: URL
    private let meetings: Mutex<Meetings>

    /// The meetings saved in `file` (none if it does not exist yet).
    init(file: URL) {
        self.file = file
        let saved = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(Meetings.self, from: $0) }
        meetings = Mutex(saved ?? Meetings())
    }

    func acceptMeeting(user: String, meetingID: String) {
        update { $0.accepted.append(Invitation(meetingID: meetingID, userID: user)) }
        print("\(user) accepted meeting \(meetingID)")
    }

    func declineMeeting(user: String, meetingID: String) {
        update { $0.declined.append(Invitation(meetingID: meetingID, userID: user)) }
        print("\(user) declined meeting \(meetingID)")
    }

    /// Keeps the invitation until the app next launches.
    func queueMeetingForDelivery(user: String, meetingID: String) {
        let invitation = Invitation(meetingID: meetingID, userID: user)
        update { if !$0.queued.contains(invitation) { $0.queued.append(invitation) } }
        print("Invitation to meeting \(meetingID) kept for the next launch")
    }

    /// The queued invitations, which leave the queue.
    func takeQueuedMeetings() -> [Invitation] {
        var taken: [Invitation] = []
        update { meetings in
            taken = meetings.queued
            meetings.queued = []
        }
        return taken
    }

    /// Changes the meetings and saves them.
    private func update(_ change: (inout Meetings) -> Void) {
        meetings.withLock { meetings in
            change(&meetings)
            do {
                try JSONEncoder().encode(meetings).write(to: file, options: .atomic)
            } catch {
                print("Cannot save \(file.path): \(error)")
            }
        }
    }
}

/// Where the app keeps its data: `$XDG_STATE_HOME/usernoted-examples/<name>`
/// (`~/.local/state/usernoted-examples/<name>` by default), created if needed.
func appStateDirectory(named name: String) -> URL {
    let environment = ProcessInfo.processInfo.environment
    let stateHome = environment["XDG_STATE_HOME"].map { URL(filePath: $0) }
        ?? URL(filePath: NSHomeDirectory()).appending(path: ".local/state")
    let directory = stateHome.appending(path: "usernoted-examples/\(name)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
