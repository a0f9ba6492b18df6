import CDBus

/// The standard interfaces every exported object answers.
enum StandardInterface {
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"
    static let peer = "org.freedesktop.DBus.Peer"

    static let introspect = MethodDeclaration<String>("Introspect", out: "xml_data")
    static let get = MethodDeclaration<String, String, Value>("Get", in: "interface_name", "property_name", out: "value")
    static let getAll = MethodDeclaration<String, [String: Value]>("GetAll", in: "interface_name", out: "props")
    static let set = MethodDeclaration<String, String, Value, NoReply>("Set", in: "interface_name", "property_name", "value")
    static let propertiesChanged = SignalDeclaration<String, [String: Value], [String]>(
        "PropertiesChanged", "interface_name", "changed_properties", "invalidated_properties")
    static let ping = MethodDeclaration<NoReply>("Ping")
    static let getMachineId = MethodDeclaration<String>("GetMachineId", out: "machine_uuid")
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

    /// How many calls are served in a row before the loop gets a turn to read.
    static let callsBetweenReads = 16

    /// Answers incoming calls until the connection closes: each sender's in the order sent,
    /// the senders in turn (see ``IncomingCalls``), one at a time; only the continuation of a
    /// pipelined call (see ``Method/Body``) overlaps the calls after it.
    func startServingCalls() {
        let arrivals = callArrivals
        Task { [weak self] in
            var overlapping = Overlapping()
            var served = 0
            while await arrivals.wait() {
                while let self, let message = self.perform({ self.waitingCalls.next() }) {
                    await self.serve(message, overlapping: &overlapping)
                    // Every so many calls the loop reads what came meanwhile before the next one:
                    // calls that never suspend (refusals) would otherwise keep it from reading for
                    // as long as calls wait. Not after each: on a busy shared executor every yield
                    // waits its turn behind everything else (200 quick calls took over 25 s so).
                    served += 1
                    if served % Self.callsBetweenReads == 0, !self.perform({ self.waitingCalls.isEmpty }) { await Task.yield() }
                }
            }
        }
    }

    private func serve(_ message: Message, overlapping: inout Overlapping) async {
        do {
            switch try await answer(message, overlapping: &overlapping) {
            case .done(let body):
                reply(to: message, .success(body))
            case .continuing(let continuation, let outputs):
                await overlapping.add(Task {
                    do {
                        self.reply(to: message, .success(try Self.check(try await continuation(), against: outputs, of: message)))
                    } catch {
                        self.reply(to: message, .failure(error))
                    }
                })
            }
        } catch {
            reply(to: message, .failure(error))
        }
    }

    private func reply(to message: Message, _ result: Result<[Value], any Error>) {
        guard !message.noReplyExpected else { return }
        let reply: Message
        switch result {
        case .success(let body): reply = message.methodReturn(body)
        case .failure(let error as DBusErrorConvertible): reply = message.errorReply(error.dbusError)
        case .failure(let error): reply = message.errorReply(DBusError(.failed, "\(error)"))
        }
        do {
            try send(reply)
        } catch {
            // A reply that cannot go on the wire (say, a string with a NUL in it) must not leave
            // the caller waiting for its timeout: it gets an error that says so.
            _ = try? send(message.errorReply(DBusError(
                .failed, "the reply to \(message.member ?? "the call") could not be sent (\(error.name)); this is a bug in the service")))
        }
    }

    /// How a call was answered: done, or its continuation still running.
    private enum Answer {
        case done([Value])
        case continuing(Method.Continuation, outputs: [Argument])
    }

    private func answer(_ message: Message, overlapping: inout Overlapping) async throws -> Answer {
        guard let path = message.path, let member = message.member else {
            throw DBusError(.unknownMethod, "a method call needs a path and a member")
        }
        let interface = message.interface
        let introspecting = member == "Introspect" && (interface == nil || interface == StandardInterface.introspectable)
        // The children are listed only for Introspect: every other call would pay for the scan.
        let (found, children) = perform { (objects[path], introspecting ? childNodes(of: path) : []) }
        if introspecting, found != nil || !children.isEmpty {
            try expect(message, StandardInterface.introspect)
            return .done([.string(Introspection.xml(interfaces: found ?? [], children: children))])
        }
        guard let interfaces = found else {
            throw DBusError(.unknownObject, "no object at path \(path)")
        }
        switch (interface, member) {
        case (StandardInterface.peer?, "Ping"):
            return .done([])
        case (StandardInterface.properties?, _):
            await overlapping.finish()
            return .done(try await answerProperties(message, member: member, interfaces: interfaces))
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
        try expect(message, member, arguments: method.inputs)
        let call = MethodCall(message: message, connection: self)
        switch method.body {
        case .serial(let handler):
            await overlapping.finish()
            return .done(try Self.check(try await handler(call), against: method.outputs, of: message))
        case .pipelined(let handler):
            return .continuing(try await handler(call), outputs: method.outputs)
        }
    }

    /// `body`, once it is what `outputs` declare.
    private static func check(_ body: [Value], against outputs: [Argument], of message: Message) throws -> [Value] {
        guard body.lazy.map(\.type).elementsEqual(outputs.lazy.map(\.type)) else {
            let (produced, declared) = (Signature(body.map(\.type)), Signature(outputs.map(\.type)))
            throw DBusError(.failed, "internal error: \(message.member ?? "") produced \(produced) instead of \(declared)")
        }
        return body
    }

    private func expect<each Input, Output>(_ message: Message, _ declaration: MethodDeclaration<repeat each Input, Output>) throws(DBusError) {
        try expect(message, declaration.name, arguments: declaration.inputs)
    }

    /// Checks that `message` carries the types of `arguments`, type by type (no signature text
    /// is built for a call that has them).
    private func expect(_ message: Message, _ member: String, arguments: [Argument]) throws(DBusError) {
        guard !message.body.lazy.map(\.type).elementsEqual(arguments.lazy.map(\.type)) else { return }
        let got = message.signature.description
        let signature = Signature(arguments.map(\.type)).description
        let wanted = arguments.isEmpty ? "no arguments" : arguments.map { "\($0.type.code) \($0.name)" }.joined(separator: ", ")
        throw DBusError(.invalidArgs, "\(member) takes (\(wanted)), signature \"\(signature)\", but was called with \"\(got)\"")
    }

    private func answerProperties(_ message: Message, member: String, interfaces: [Interface]) async throws -> [Value] {
        func find(_ interfaceName: String) throws(DBusError) -> Interface {
            guard let found = interfaces.first(where: { $0.name == interfaceName }) else {
                throw DBusError(.unknownInterface, "no interface \(interfaceName) at \(message.path?.rawValue ?? "")")
            }
            return found
        }
        func property(_ interfaceName: String, _ name: String) throws(DBusError) -> Property {
            guard let found = try find(interfaceName).properties.first(where: { $0.name == name }) else {
                throw DBusError(.unknownProperty, "no property \(name) in \(interfaceName)")
            }
            return found
        }
        let call = MethodCall(message: message, connection: self)
        switch member {
        case StandardInterface.get.name:
            try expect(message, StandardInterface.get)
            let (interfaceName, name) = try StandardInterface.get.arguments(of: call)
            return [.variant(try await property(interfaceName, name).get())]
        case StandardInterface.getAll.name:
            try expect(message, StandardInterface.getAll)
            var entries: [DictionaryEntry] = []
            for p in try find(try StandardInterface.getAll.arguments(of: call)).properties {
                entries.append(DictionaryEntry(.string(p.name), .variant(try await p.get())))
            }
            return [.dictionary(key: .string, value: .variant, entries)]
        case StandardInterface.set.name:
            try expect(message, StandardInterface.set)
            let (interfaceName, name, value) = try StandardInterface.set.arguments(of: call)
            let p = try property(interfaceName, name)
            guard let set = p.set else { throw DBusError(.propertyReadOnly, "property \(p.name) is read-only") }
            guard value.type == p.type else {
                throw DBusError(.invalidArgs, "property \(p.name) has type \(p.type.code)")
            }
            try await set(value)
            return []
        default:
            throw DBusError(.unknownMethod, "no method \(member) in \(StandardInterface.properties)")
        }
    }

    /// Names of the direct children of `path` among the exported paths (on the loop).
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

/// The continuations of pipelined calls still running: a serial call waits for all of them, and at
/// most `limit` run at once (the oldest are waited for first).
struct Overlapping {
    private var running: [Task<Void, Never>] = []
    private let limit = 256

    /// Adds a running continuation, first waiting for the older half when `limit` are running.
    mutating func add(_ task: Task<Void, Never>) async {
        if running.count >= limit {
            for older in running.prefix(limit / 2) { await older.value }
            running.removeFirst(limit / 2)
        }
        running.append(task)
    }

    /// Returns once every continuation has finished.
    mutating func finish() async {
        for task in running { await task.value }
        running = []
    }
}
