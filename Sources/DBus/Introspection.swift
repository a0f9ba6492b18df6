/// `org.freedesktop.DBus.Introspectable` XML, generated from interface declarations.
enum Introspection {
    static let doctype = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        """

    /// The standard interfaces, as the spec declares them.
    static let standard: [Interface] = [
        Interface(StandardInterface.introspectable, methods: [Method(StandardInterface.introspect, body: .serial { _ in [] })]),
        Interface(
            StandardInterface.properties,
            methods: [
                Method(StandardInterface.get, body: .serial { _ in [] }),
                Method(StandardInterface.getAll, body: .serial { _ in [] }),
                Method(StandardInterface.set, body: .serial { _ in [] }),
            ],
            signals: [StandardInterface.propertiesChanged.signal]),
        Interface(
            StandardInterface.peer,
            methods: [
                Method(StandardInterface.ping, body: .serial { _ in [] }),
                Method(StandardInterface.getMachineId, body: .serial { _ in [] }),
            ]),
    ]

    /// The document for one node: its interfaces (plus the standard ones) and children.
    static func xml(interfaces: [Interface], children: [String]) -> String {
        var lines = [doctype, "<node>"]
        for interface in (interfaces.isEmpty ? [] : standard) + interfaces {
            lines.append(" <interface name=\"\(escape(interface.name))\">")
            for method in interface.methods {
                lines.append("  <method name=\"\(escape(method.name))\">")
                for arg in method.inputs { lines.append("   " + argument(arg, direction: "in")) }
                for arg in method.outputs { lines.append("   " + argument(arg, direction: "out")) }
                lines.append("  </method>")
            }
            for signal in interface.signals {
                lines.append("  <signal name=\"\(escape(signal.name))\">")
                for arg in signal.arguments { lines.append("   " + argument(arg, direction: nil)) }
                lines.append("  </signal>")
            }
            for property in interface.properties {
                let access = property.set == nil ? "read" : "readwrite"
                lines.append("  <property name=\"\(escape(property.name))\" type=\"\(property.type.code)\" access=\"\(access)\"/>")
            }
            lines.append(" </interface>")
        }
        for child in children { lines.append(" <node name=\"\(escape(child))\"/>") }
        lines.append("</node>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func argument(_ arg: Argument, direction: String?) -> String {
        let dir = direction.map { " direction=\"\($0)\"" } ?? ""
        return "<arg name=\"\(escape(arg.name))\" type=\"\(escape(arg.type.code))\"\(dir)/>"
    }

    private static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
