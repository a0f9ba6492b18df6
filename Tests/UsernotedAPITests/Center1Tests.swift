import DBus
import Foundation
import Testing
import TestSupport
import UsernotedAPI

@Suite struct Center1Tests {
    /// Every method as introspection shows it: name and signature in, signature out.
    static let methods: [(name: String, inputs: [Argument], outputs: [Argument])] = [
        entry(Center1.setCategories), entry(Center1.getCategories), entry(Center1.post), entry(Center1.add),
        entry(Center1.postPayload), entry(Center1.getPending), entry(Center1.removePending), entry(Center1.removeAllPending),
        entry(Center1.getDelivered), entry(Center1.removeDelivered), entry(Center1.removeAllDelivered),
        entry(Center1.registerHandler), entry(Center1.setExecHandler), entry(Center1.removeHandler),
        entry(Center1.setServiceExtension), entry(Center1.removeServiceExtension),
        entry(Center1.respondPrimary), entry(Center1.getPushToken), entry(Center1.setBadge), entry(Center1.getSettings), entry(Center1.setSettings),
        entry(Center1.subscribe), entry(Center1.unsubscribe), entry(Center1.requestAuthorization),
    ]
    /// The user's own calls, about no app: Focus.
    static let userMethods = [entry(Center1.setFocus), entry(Center1.getFocus)]

    static func entry<each I, O>(_ d: MethodDeclaration<repeat each I, O>) -> (name: String, inputs: [Argument], outputs: [Argument]) {
        (d.name, d.inputs, d.outputs)
    }

    @Test func everyMethodTakesTheAppIDFirst() {
        for method in Self.methods {
            #expect(method.inputs.first == Argument(name: "app_id", type: .string), "\(method.name)")
        }
    }

    /// The shipped interface file says what the declarations say, member by member.
    @Test func theShippedXMLDeclaresEveryMethodWithItsSignature() throws {
        let xml = try String(contentsOf: repositoryRoot.appending(path: "dbus/io.github.usernoted.Center1.xml"), encoding: .utf8)
        for method in Self.methods + Self.userMethods {
            var expected = "<method name=\"\(method.name)\">"
            for argument in method.inputs {
                expected += "\n   <arg name=\"\(argument.name)\" type=\"\(argument.type.code)\" direction=\"in\"/>"
            }
            for argument in method.outputs {
                expected += "\n   <arg name=\"\(argument.name)\" type=\"\(argument.type.code)\" direction=\"out\"/>"
            }
            #expect(xml.contains(expected), "dbus/io.github.usernoted.Center1.xml: \(method.name)")
        }
        #expect(xml.components(separatedBy: "<method ").count - 1 == Self.methods.count + Self.userMethods.count)
    }

    @Test func theResponseRuleMatchesOneAppAndRequestOrAll() {
        #expect(Center1.responses(of: "org.example.Calendar", request: "r1").arguments == [0: "org.example.Calendar", 1: "r1"])
        #expect(Center1.responses(of: nil).arguments.isEmpty)
        #expect(Center1.responses(of: nil).member == "Response")
        #expect(Center1.authorizationChanges(of: "org.example.Calendar").arguments == [0: "org.example.Calendar"])
        #expect(Center1.authorizationChanges(of: "org.example.Calendar").member == "AuthorizationChanged")
    }
}
