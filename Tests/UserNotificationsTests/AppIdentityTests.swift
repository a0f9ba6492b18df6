import Testing
@testable import UserNotifications
import UserNotificationsCore

struct AppIdentityTests {
    @Test func theEnvironmentNamesTheApp() {
        #expect(AppIdentity.resolve(environment: ["USERNOTED_APP_ID": "org.example.Calendar"], executableName: "cal") == "org.example.Calendar")
    }

    @Test func withoutItTheExecutableNamesAValidDefault() {
        #expect(AppIdentity.resolve(environment: [:], executableName: "calendar") == "io.github.usernoted.app.calendar")
        #expect(AppIdentity.resolve(environment: ["USERNOTED_APP_ID": ""], executableName: "my app.v2") == "io.github.usernoted.app.my_app_v2")
        for name in ["2fa", "", "ünï", "a.b"] {
            #expect(AppID.isValid(AppIdentity.resolve(environment: [:], executableName: name)), "\(name)")
        }
    }
}
