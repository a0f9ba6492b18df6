import Foundation
import Testing
import TestSupport
import UserNotificationsCore

/// `usernotectl apps`: the user lists the apps that posted and changes what one may do, and
/// the posting app sees the difference.
@Suite(.serialized) struct UsernotectlAppsTests {
    static let app = Scene.appID
    let cli = UsernotectlTests()

    @Test func theUserDeniesAnAppAndItsPostsAreRefusedByName() async throws {
        let scene = try await Scene(registerHandler: false)
        #expect(try cli.usernotectl(scene, "apps", "list").output == "no app has posted yet\n")
        #expect(try cli.usernotectl(scene, "post", "--app", Self.app, "Hello").succeeded)
        try await scene.expectDisplayed(1)
        #expect(try cli.usernotectl(scene, "apps", "list").output == "\(Self.app)  authorized  defaults  1 delivered, 0 scheduled\n")

        let quiet = try cli.usernotectl(scene, "apps", "set", Self.app, "--no-sound", "--previews", "never")
        #expect(quiet.succeeded, "\(quiet.errors)")
        let settings = try ModelJSON.decodeSettings(quiet.output)
        #expect(!settings.sound && settings.showPreviews == .never && settings.authorizationStatus == .authorized)

        #expect(try cli.usernotectl(scene, "apps", "set", Self.app, "--deny").succeeded)
        #expect(try cli.usernotectl(scene, "apps", "list").output
            == "\(Self.app)  denied  no sound, previews never  1 delivered, 0 scheduled\n")
        let refused = try cli.usernotectl(scene, "post", "--app", Self.app, "Spam")
        #expect(refused.status == 1)
        #expect(refused.errors == "usernotectl: the user does not allow notifications from \(Self.app); nothing was shown (the user can allow them with `usernotectl apps set \(Self.app) --allow`) (io.github.usernoted.Error.NotAuthorized)\n")
        #expect(try cli.usernotectl(scene, "schedule", "--app", Self.app, "--in", "1h", "Later").status == 1)
        #expect(try scene.desktop.displayedCount() == 1, "nothing more was shown")

        #expect(try cli.usernotectl(scene, "apps", "set", Self.app, "--allow").succeeded)
        #expect(try cli.usernotectl(scene, "post", "--app", Self.app, "Welcome back").succeeded)
        try await scene.expectDisplayed(2)

        // Provisional: delivered quietly, as passive — listed among the app's delivered, never a banner.
        #expect(try cli.usernotectl(scene, "apps", "set", Self.app, "--provisional").succeeded)
        let provisional = try cli.usernotectl(scene, "post", "--app", Self.app, "--id", "quiet", "Quietly")
        #expect(provisional.succeeded, "\(provisional.errors)")
        #expect(try cli.usernotectl(scene, "delivered", "list", "--app", Self.app, "--json").output.contains(#""identifier":"quiet""#))
        try await Task.sleep(for: .milliseconds(300))
        #expect(try scene.desktop.displayedCount() == 2 && !scene.desktop.shown().contains { $0.summary == "Quietly" }, "not on screen")

        let nothing = try cli.usernotectl(scene, "apps", "set", Self.app)
        #expect(nothing.status == 64 && nothing.errors.contains("say what to change"))
    }
}
