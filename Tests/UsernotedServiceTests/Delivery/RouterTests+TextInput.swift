import UsernotedAPI
import DBus
import Foundation
import Logging
import Synchronization
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// Typed replies: inline, by the configured prompt, or none.
extension RouterTests {
    @Test func anInlineReplyReachesTheHandlerAsUserText() async throws {
        let scene = try await RouterScene(capabilities: ["actions", "body", "inline-reply"])
        let handler = try await scene.handler()
        let id = try await postMessage(scene)
        #expect(await scene.server.notification(id)?.actionKeys.contains("inline-reply") == true)
        try await scene.server.emitNotificationReplied(id: id, text: "On my way")
        let response = try await handler.responses.next()
        #expect(response.actionIdentifier == "REPLY" && response.userText == "On my way")
    }

    @Test func withoutInlineReplyTheReplyButtonArrivesWithoutText() async throws {
        let scene = try await RouterScene()
        let handler = try await scene.handler()
        let id = try await postMessage(scene)
        try await scene.server.emitActionInvoked(id: id, key: "REPLY")
        let response = try await handler.responses.next()
        #expect(response.actionIdentifier == "REPLY" && response.userText == nil)
    }

    @Test func theActivationTokenBeforeAForegroundActionGoesWithTheResponse() async throws {
        let scene = try await RouterScene()
        let handler = try await scene.handler()
        let id = try await postMessage(scene)
        try await scene.server.emitActivationToken(id: id, token: "wayland-token-42")
        try await scene.server.emitActionInvoked(id: id, key: "LIKE")
        let response = try await handler.responses.next()
        #expect(response.actionIdentifier == "LIKE" && response.activationToken == "wayland-token-42")
        let raw = try await handler.rawResponses.next()
        #expect(raw.contains(#""activationToken":"wayland-token-42""#))
    }

    @Test func withoutInlineReplyTheConfiguredPromptAsksForTheText() async throws {
        let directory = try TemporaryDirectory.make(prefix: "usernoted-prompt")
        // Stands in for `zenity --entry`: prints the text the user "typed" (its arguments, filled in).
        let prompt = try writeScript(directory.appending(path: "prompt").path, #"echo "$1 / $2""#)
        let scene = try await RouterScene(text: TextPolicy(prompt: [prompt, "{button}", "{title}"]))
        let handler = try await scene.handler()
        let id = try await postMessage(scene)
        try await scene.server.emitActionInvoked(id: id, key: "REPLY")
        let response = try await handler.responses.next()
        #expect(response.actionIdentifier == "REPLY" && response.userText == "Send / Anna")
    }

    @Test func aCancelledPromptGivesTheResponseWithoutText() async throws {
        let directory = try TemporaryDirectory.make(prefix: "usernoted-prompt")
        let prompt = try writeScript(directory.appending(path: "prompt").path, "exit 1")
        let scene = try await RouterScene(text: TextPolicy(prompt: [prompt]))
        let handler = try await scene.handler()
        let id = try await postMessage(scene)
        try await scene.server.emitActionInvoked(id: id, key: "REPLY")
        let response = try await handler.responses.next()
        #expect(response.actionIdentifier == "REPLY" && response.userText == nil)
    }
}
