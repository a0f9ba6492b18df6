import Foundation
import Testing
import TestSupport

/// Examples/Chat against usernoted and dunst: Anna's five messages are one thread, so the
/// older three stack; closing the stack marks each of them read.
@Suite(.serialized) struct ChatTests {
    static let running = "Chat is running"

    @Test func annasOlderMessagesStackAndClosingTheStackMarksEachRead() async throws {
        let scene = try await ExampleScene()
        let app = try await scene.launch("Chat", ["--receive", "5"], readyWhen: Self.running)
        let (_, stack) = try await scene.desktop.waitUntilShown("the stack") { $0.summary == "Anna: 3 more messages" }
        #expect(stack.body == "Anna: Bring the salad!\nAnna: We start at eight\nAnna: Are you coming tonight?")
        try await scene.expectDisplayed(3)
        #expect(try await scene.desktop.openMenu(of: stack.id).buttons(of: stack.id) == ["Show all"])

        try scene.desktop.dunstctl("close")  // the top one: the stack took Anna's first message's place
        for n in 1...3 { try await app.waitForLog(containing: "Anna's message \(n) marked read") }
        try await scene.expectDisplayed(2)
        #expect(!app.log.contains("message 4 marked read") && !app.log.contains("message 5 marked read"))
    }

    @Test func showAllBringsTheMessagesBackAndEachAnswersAsItself() async throws {
        let scene = try await ExampleScene()
        let app = try await scene.launch("Chat", ["--receive", "4"], readyWhen: Self.running)
        let (at, stack) = try await scene.desktop.waitUntilShown("the stack") { $0.summary == "Anna: 2 more messages" }
        try await scene.desktop.openMenu(choosing: "x-usernoted-show-all", of: stack.id)
        try await scene.expectDisplayed(4)
        let (_, second) = try await scene.desktop.waitUntilShown(from: at + 1, "message 2 again") { $0.body == "We start at eight" }
        try await scene.desktop.openMenu(choosing: "default", of: second.id)
        try await app.waitForLog(containing: "Opened the chat with Anna at message 2")
        #expect(!app.log.contains("marked read"))
    }
}
