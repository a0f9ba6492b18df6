import CDBus

/// The standard interfaces every exported object answers.
enum StandardInterface {
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"
    static let peer = "org.freedesktop.DBus.Peer"
}

extension Connection {
    /// Serves `interfaces` at `path`, replacing what was there.
    public func export(_ interfaces: [Interface], at path: ObjectPath) {
        perform { objects[path] = interfaces }
    }

    /// Stops serving `path`.
    public func unexport(_ path: ObjectPath) {
        perform { _ = objects.removeValue(forKey: path) }
    }

    /// Answers incoming calls one at a time until the connection closes: each sender's in
    /// the order sent, and the senders in turn (see ``IncomingCalls``).
    func startServingCalls() {
        let arrivals = callArrivals
        Task { [weak self] in
            for await _ in arrivals {
                while let self, let message = self.perform({ self.waitingCalls.next() }) {
                    await self.serve(message)
                }
            }
        }
    }

    private func serve(_ message: Message) async {
        let reply: Message
        do {
            reply = message.methodReturn(try await answer(message))
        } catch let error as DBusErrorConvertible {
            reply = message.errorReply(error.dbusError)
        } catch {
            reply = message.errorReply(DBusError(.failed, "\(error)"))
        }
        guard !message.noReplyExpected else { return }
        do {
            try send(reply)
        } catch {
            // A reply that cannot go on the wire (say, a string with a NUL in it) must not leave
            // the caller waiting for its timeout: it gets an error that says so.
            _ = try? send(message.errorReply(DBusError(
                .failed, "the reply to \(message.member ?? "the call") could not be sent (\(error.name)); this is a bug in the service")))
        }
    }

    private func answer(_ message: Message) async throws -> [Value] {
        guard let path = message.path, let member = message.member else {
            throw DBusError(.unknownMethod, "a method call needs a path and a member")
        }
        let (found, children) = perform { (objects[path], childNodes(of: path)) }
        let interface = message.interface
        if member == "Introspect", interface == nil || interface == StandardInterface.introspectable,
            found != nil || !children.isEmpty
        {
            try expect(message, "", "Introspect")
            return [.string(Introspection.xml(interfaces: found ?? [], children: children))]
        }
        guard let interfaces = found else {
            throw DBusError(.unknownObject, "no object at path \(path)")
        }
        switch (interface, member) {
        case (StandardInterface.peer?, "Ping"):
            return []
        case (StandardInterface.properties?, _):
            return try await answerProperties(message, member: member, interfaces: interfaces)
        default:
            break
        }
        let candidates = interfaces.filter { interface == nil || $0.name == interface }
        guard !candidates.isEmpty else {
            throw DBusError(.unknownInterface, "object \(path) has no interface \(interface ?? "")")
        }
        guard let method = candidates.lazy.compactMap({ $0.methods.first { $0.name == member } }).first else {
            throw DBusError(.unknownMethod, "no method \(member) in interface \(interface ?? candidates.map(\.name).joined(separator: ", ")) at \(path)")
        }
        try expect(message, method.inputSignature.description, member, arguments: method.inputs)
        let result = try await method.handler(MethodCall(message: message, connection: self))
        let produced = Signature(result.map(\.type))
        let declared = Signature(method.outputs.map(\.type))
        guard produced == declared else {
            throw DBusError(.failed, "internal error: \(member) produced \(produced) instead of \(declared)")
        }
        return result
    }

    private func expect(_ message: Message, _ signature: String, _ member: String, arguments: [Argument] = []) throws(DBusError) {
        let got = message.signature.description
        guard got != signature else { return }
        let wanted = arguments.isEmpty ? "no arguments" : arguments.map { "\($0.type.code) \($0.name)" }.joined(separator: ", ")
        throw DBusError(.invalidArgs, "\(member) takes (\(wanted)), signature \"\(signature)\", but was called with \"\(got)\"")
    }

    private func answerProperties(_ message: Message, member: String, interfaces: [Interface]) async throws -> [Value] {
        func find(_ interfaceName: String) throws(DBusError) -> Interface {
            guard let found = interfaces.first(where: { $0.name == interfaceName }) else {
                throw DBusError(.unknownInterface, "no interface \(interfaceName) at \(message.path!)")
            }
            return found
        }
        func property(_ interfaceName: String, _ name: String) throws(DBusError) -> Property {
            guard let found = try find(interfaceName).properties.first(where: { $0.name == name }) else {
                throw DBusError(.unknownProperty, "no property \(name) in \(interfaceName)")
            }
            return found
        }
        switch member {
        case "Get":
            try expect(message, "ss", member, arguments: Argument.list("s interface_name, s property_name"))
            let p = try property(message.body[0].as(String.self)!, message.body[1].as(String.self)!)
            return [.variant(try await p.get())]
        case "GetAll":
            try expect(message, "s", member, arguments: Argument.list("s interface_name"))
            var entries: [DictionaryEntry] = []
            for p in try find(message.body[0].as(String.self)!).properties {
                entries.append(DictionaryEntry(.string(p.name), .variant(try await p.get())))
            }
            return [.dictionary(key: .string, value: .variant, entries)]
        case "Set":
            try expect(message, "ssv", member, arguments: Argument.list("s interface_name, s property_name, v value"))
            let p = try property(message.body[0].as(String.self)!, message.body[1].as(String.self)!)
            guard let set = p.set else { throw DBusError(.propertyReadOnly, "property \(p.name) is read-only") }
            guard case .variant(let value) = message.body[2], value.type == p.type else {
                throw DBusError(.invalidArgs, "property \(p.name) has type \(p.type.code)")
            }
            try await set(value)
            return []
        default:
            throw DBusError(.unknownMethod, "no method \(member) in \(StandardInterface.properties)")
        }
    }

    /// Names of the direct children of `path` among the exported paths (on the queue).
    private func childNodes(of path: ObjectPath) -> [String] {
        let prefix = path.rawValue == "/" ? "/" : path.rawValue + "/"
        var names = Set<String>()
        for exported in objects.keys where exported.isDescendant(of: path) {
            let rest = exported.rawValue.dropFirst(prefix.count)
            names.insert(String(rest.prefix { $0 != "/" }))
        }
        return names.sorted()
    }
}
