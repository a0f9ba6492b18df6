import DBus
import Testing
@testable import FreedesktopNotifications

@Suite struct SignalsTests {
    static func signal(_ member: String, _ body: [Value], interface: String = NotificationsServer.interface) -> Message {
        .signal(path: NotificationsServer.path, interface: interface, member: member, body: body)
    }

    @Test func actionInvokedCarriesTheKey() {
        #expect(ServerSignal(Self.signal("ActionInvoked", [.uint32(7), .string("ACCEPT")])) == .actionInvoked(id: 7, key: "ACCEPT"))
    }

    @Test func notificationRepliedCarriesTheText() {
        #expect(ServerSignal(Self.signal("NotificationReplied", [.uint32(7), .string("on my way")])) == .replied(id: 7, text: "on my way"))
    }

    @Test func activationTokenCarriesTheToken() {
        #expect(ServerSignal(Self.signal("ActivationToken", [.uint32(7), .string("tok-1")])) == .activationToken(id: 7, token: "tok-1"))
    }

    @Test(arguments: [
        (UInt32(1), ServerSignal.CloseReason.expired), (2, .dismissedByUser), (3, .closedByCall), (4, .undefined),
    ])
    func closeReasonsFollowTheSpec(_ code: UInt32, _ reason: ServerSignal.CloseReason) {
        #expect(ServerSignal(Self.signal("NotificationClosed", [.uint32(9), .uint32(code)])) == .closed(id: 9, reason: reason))
    }

    @Test(arguments: [UInt32(0), 5, 4_000_000_000])
    func reasonsOutsideTheSpecAreUndefinedNotADismissal(_ code: UInt32) {
        #expect(ServerSignal(Self.signal("NotificationClosed", [.uint32(9), .uint32(code)])) == .closed(id: 9, reason: .undefined))
    }

    @Test func eachSignalKnowsItsID() {
        #expect(ServerSignal.actionInvoked(id: 1, key: "k").id == 1)
        #expect(ServerSignal.closed(id: 2, reason: .expired).id == 2)
        #expect(ServerSignal.replied(id: 3, text: "t").id == 3)
        #expect(ServerSignal.activationToken(id: 4, token: "t").id == 4)
    }

    @Test(arguments: [
        ("ActionInvoked", [Value.uint32(1)]),
        ("ActionInvoked", [.uint32(1), .string("k"), .string("extra")]),
        ("ActionInvoked", [.int32(1), .string("k")]),
        ("ActionInvoked", [.string("k"), .uint32(1)]),
        ("ActionInvoked", [.uint32(1), .uint32(2)]),
        ("NotificationClosed", [.uint32(1), .string("2")]),
        ("NotificationClosed", [.uint32(1), .int32(2)]),
        ("NotificationClosed", [.uint32(1)]),
        ("NotificationReplied", [.uint32(1), .objectPath("/x")]),
        ("ActivationToken", [.uint32(1), .variant(.string("t"))]),
        ("ActivationToken", []),
    ])
    func malformedBodiesAreRejected(_ member: String, _ body: [Value]) {
        #expect(ServerSignal(Self.signal(member, body)) == nil)
    }

    @Test func otherMembersAndInterfacesAreNotServerSignals() {
        #expect(ServerSignal(Self.signal("SomethingElse", [.uint32(1), .string("k")])) == nil)
        #expect(ServerSignal(Self.signal("ActionInvoked", [.uint32(1), .string("k")], interface: "org.kde.Notifications")) == nil)
    }

    @Test func aMethodCallIsNotASignal() {
        let call = Message.methodCall(
            destination: nil, path: NotificationsServer.path, interface: NotificationsServer.interface,
            member: "ActionInvoked", body: [.uint32(1), .string("k")])
        #expect(ServerSignal(call) == nil)
    }
}
