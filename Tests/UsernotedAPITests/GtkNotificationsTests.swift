import DBus
import Foundation
import Testing
import TestSupport
import UsernotedAPI

@Suite struct GtkNotificationsTests {
    /// What GLib's gtk backend (`ggtknotificationbackend.c`) calls, with GNOME Shell's argument names.
    @Test func theMethodsHaveTheSignaturesGLibCalls() {
        #expect(GtkNotifications.addNotification.name == "AddNotification")
        #expect(GtkNotifications.addNotification.inputs.map(\.type.code) == ["s", "s", "a{sv}"])
        #expect(GtkNotifications.addNotification.outputs.isEmpty)
        #expect(GtkNotifications.removeNotification.name == "RemoveNotification")
        #expect(GtkNotifications.removeNotification.inputs.map(\.type.code) == ["s", "s"])
        #expect(GtkNotifications.busName == "org.gtk.Notifications" && GtkNotifications.path == "/org/gtk/Notifications")
    }

    /// The shipped interface file says what the declarations say.
    @Test func theShippedXMLDeclaresBothMethods() throws {
        let xml = try String(contentsOf: repositoryRoot.appending(path: "dbus/org.gtk.Notifications.xml"), encoding: .utf8)
        for method in [GtkNotifications.addNotification.name, GtkNotifications.removeNotification.name] {
            #expect(xml.contains("<method name=\"\(method)\">"), "\(method)")
        }
        #expect(xml.contains(#"<arg name="notification" type="a{sv}" direction="in"/>"#))
        #expect(xml.components(separatedBy: "<method ").count - 1 == 2)
    }
}
