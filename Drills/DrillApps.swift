/// The apps and categories the drills post with.
enum DrillApps {
    /// The meeting invitation category of Apple's documentation: two buttons.
    static let categories = """
        [{"identifier": "MEETING_INVITATION",
          "actions": [{"identifier": "ACCEPT_ACTION", "title": "Accept"},
                      {"identifier": "DECLINE_ACTION", "title": "Decline"}]}]
        """

    /// A request shown now (no trigger) with the meeting buttons.
    static func meeting(_ id: String, title: String? = nil) -> String {
        """
        {"identifier": "\(id)", "content": {"title": "\(title ?? id)", "body": "Every Tuesday at 2pm",
         "categoryIdentifier": "MEETING_INVITATION", "userInfo": {"MEETING_ID": "M-\(id)"}}}
        """
    }

    /// A request scheduled `seconds` from now.
    static func scheduled(_ id: String, in seconds: Int = 86400) -> String {
        """
        {"identifier": "\(id)", "content": {"title": "Later: \(id)"}, "trigger": {"timeInterval": \(seconds)}}
        """
    }
}
