import Testing
import UserNotificationsCore
@testable import UsernotedService

@Suite struct PushTopicsTests {
    let topics = PushTopics(device: "desk1", user: "alice")
    let app = try! AppID(validating: "org.example.Deploy")

    @Test func theTokenAndItsAnswerAndErrorTopics() {
        #expect(topics.token(of: app) == "usernoted/v1/devices/desk1/apps/org.example.Deploy")
        #expect(topics.responses(of: app) == "usernoted/v1/devices/desk1/apps/org.example.Deploy/responses")
        #expect(topics.errors(of: app) == "usernoted/v1/devices/desk1/apps/org.example.Deploy/errors")
        #expect(topics.subscriptions == ["usernoted/v1/devices/desk1/apps/+", "usernoted/v1/users/alice/apps/+"])
    }

    @Test func aPushNamesItsAppInItsTopic() {
        #expect(topics.app(of: "usernoted/v1/devices/desk1/apps/org.example.Deploy") == app)
        #expect(topics.app(of: "usernoted/v1/users/alice/apps/org.example.Deploy") == app)
        for other in ["usernoted/v1/devices/desk2/apps/org.example.Deploy", "usernoted/v1/users/bob/apps/org.example.Deploy",
                      "usernoted/v1/devices/desk1/apps/org.example.Deploy/responses", "usernoted/v1/devices/desk1/apps/not an id",
                      "usernoted/v1/devices/desk1/apps/"] {
            #expect(topics.app(of: other) == nil, "\(other)")
        }
    }

    @Test func aTopicLevelHasNoSeparatorsOrWildcards() {
        #expect(PushTopics.isTopicLevel("desk-1_ä"))
        for bad in ["", "a/b", "+", "a#", "nul\0", String(repeating: "x", count: 129)] {
            #expect(!PushTopics.isTopicLevel(bad), "\(bad)")
        }
    }
}
