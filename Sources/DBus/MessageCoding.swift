import CDBus
import Synchronization

/// Conversion between `Message` and libdbus's `DBusMessage`, through `DBusMessageIter`.
extension Message {
    /// Decodes a libdbus message (which stays owned by the caller).
    init(decoding raw: OpaquePointer) throws(DBusError) {
        switch dbus_message_get_type(raw) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: kind = .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: kind = .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: kind = .error
        default: kind = .signal
        }
        serial = dbus_message_get_serial(raw)
        let reply = dbus_message_get_reply_serial(raw)
        replySerial = reply == 0 ? nil : reply
        path = dbus_message_get_path(raw).map { ObjectPath(trusted: String(cString: $0)) }
        interface = dbus_message_get_interface(raw).map { String(cString: $0) }
        member = dbus_message_get_member(raw).map { String(cString: $0) }
        errorName = dbus_message_get_error_name(raw).map { String(cString: $0) }
        sender = dbus_message_get_sender(raw).map { String(cString: $0) }
        destination = dbus_message_get_destination(raw).map { String(cString: $0) }
        noReplyExpected = dbus_message_get_no_reply(raw) != 0
        autoStart = dbus_message_get_auto_start(raw) != 0
        let signature = try Self.signature(String(cString: dbus_message_get_signature(raw)))
        var iter = DBusMessageIter()
        var values: [Value] = []
        values.reserveCapacity(signature.types.count)
        var descriptors: [Int32] = []
        do {
            if dbus_message_iter_init(raw, &iter) != 0 {
                for type in signature.types {
                    values.append(try Self.read(type, &iter, &descriptors))
                    dbus_message_iter_next(&iter)
                }
            }
        } catch {
            _ = ReceivedDescriptors(descriptors)  // closes them
            throw error
        }
        body = values
        received = descriptors.isEmpty ? nil : ReceivedDescriptors(descriptors)
    }

    /// The signatures read so far, by their text: a connection's messages repeat a few, and
    /// each parse cost more than a look-up. Bounded, against a peer sending endless new ones.
    private static let signatures = Mutex<[String: Signature]>([:])

    /// `text` parsed, from ``signatures`` when it was seen before.
    private static func signature(_ text: String) throws(DBusError) -> Signature {
        if let known = signatures.withLock({ $0[text] }) { return known }
        let parsed = try Signature(parsing: text)
        signatures.withLock { if $0.count < 256 { $0[text] = parsed } }
        return parsed
    }

    /// Builds a new libdbus message; the caller owns the returned reference.
    ///
    /// libdbus rewrites the header's signature field after each top-level value, and each
    /// rewrite costs more the more fields the header already holds; setting a field alone
    /// costs about as much as one rewrite. So a call or signal of one value at most gets its
    /// header whole first (libdbus writes it in one go), and one of more values its body first
    /// and the header fields after it (a `Notify` of eight cost twice as many instructions
    /// built the other way round).
    func encode() throws(DBusError) -> OpaquePointer {
        try validateHeader()
        for value in body { try value.validate() }
        let headerFirst = body.count <= 1
        let made: OpaquePointer? = switch (kind, headerFirst) {
        case (.methodCall, true): dbus_message_new_method_call(destination, path?.rawValue ?? "/", interface, member ?? "")
        case (.signal, true): dbus_message_new_signal(path?.rawValue ?? "/", interface ?? "", member ?? "")
        case (.methodCall, false): dbus_message_new(DBUS_MESSAGE_TYPE_METHOD_CALL)
        case (.signal, false): dbus_message_new(DBUS_MESSAGE_TYPE_SIGNAL)
        case (.methodReturn, _): dbus_message_new(DBUS_MESSAGE_TYPE_METHOD_RETURN)
        case (.error, _): dbus_message_new(DBUS_MESSAGE_TYPE_ERROR)
        }
        guard let raw = made else { throw DBusError(.noMemory, "libdbus could not allocate a message") }
        var ok = true
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(raw, &iter)
        for value in body where ok { ok = Self.append(value, &iter) }
        /// Sets a header field from `text` through `withCString`, which, unlike passing a
        /// String as a C string, copies a short one to the stack rather than the heap.
        func set(_ text: String?, _ setter: (OpaquePointer, UnsafePointer<CChar>?) -> dbus_bool_t) -> Bool {
            guard let text else { return setter(raw, nil) != 0 }
            return text.withCString { setter(raw, $0) } != 0
        }
        switch kind {
        case .methodCall where headerFirst, .signal where headerFirst:
            break
        case .methodCall, .signal:
            ok = ok && set(path?.rawValue ?? "/", dbus_message_set_path)
            ok = ok && set(interface, dbus_message_set_interface)
            ok = ok && set(member ?? "", dbus_message_set_member)
            if kind == .signal { dbus_message_set_no_reply(raw, 1) }  // as dbus_message_new_signal does
        case .methodReturn, .error:
            ok = ok && dbus_message_set_reply_serial(raw, replySerial ?? 0) != 0
            dbus_message_set_no_reply(raw, 1)
        }
        // dbus_message_new_method_call took the destination already.
        if kind != .methodCall || !headerFirst { ok = ok && set(destination, dbus_message_set_destination) }
        if kind == .error { ok = ok && set(errorName, dbus_message_set_error_name) }
        if kind == .methodCall, noReplyExpected { dbus_message_set_no_reply(raw, 1) }
        if kind == .methodCall, !autoStart { dbus_message_set_auto_start(raw, 0) }
        guard ok else {
            dbus_message_unref(raw)
            throw DBusError(.noMemory, "libdbus could not build the message")
        }
        return raw
    }

    /// Rejects header fields libdbus would refuse (it warns and returns NULL instead of failing).
    private func validateHeader() throws(DBusError) {
        func check(_ text: String?, _ what: String, _ valid: (UnsafePointer<CChar>?, UnsafeMutablePointer<CDBus.DBusError>?) -> dbus_bool_t) throws(DBusError) {
            guard let text else { return }
            guard !text.containsNUL, text.withCString({ valid($0, nil) }) != 0 else {
                throw DBusError(.invalidArgs, "\"\(text)\" is not a valid D-Bus \(what)")
            }
        }
        try check(destination, "bus name", dbus_validate_bus_name)
        try check(interface, "interface name", dbus_validate_interface)
        try check(member, "member name", dbus_validate_member)
        try check(errorName, "error name", dbus_validate_error_name)
        // What libdbus reserves for the connection's own messages; the bus disconnects a sender of them.
        if kind == .signal, path?.rawValue == "/org/freedesktop/DBus/Local" || interface == "org.freedesktop.DBus.Local" {
            throw DBusError(.invalidArgs, "org.freedesktop.DBus.Local and /org/freedesktop/DBus/Local are reserved for libdbus; a signal cannot use them")
        }
        switch kind {
        case .methodCall where member == nil, .signal where member == nil || interface == nil || path == nil:
            throw DBusError(.invalidArgs, "a \(kind) needs a member\(kind == .signal ? ", an interface and a path" : "")")
        case .error where errorName == nil:
            throw DBusError(.invalidArgs, "an error message needs an error name")
        default:
            break
        }
    }

    /// Appends one value; false when libdbus ran out of memory.
    private static func append(_ value: Value, _ iter: UnsafeMutablePointer<DBusMessageIter>) -> Bool {
        func basic<T: BitwiseCopyable>(_ code: Int32, _ v: T) -> Bool {
            var v = v
            return dbus_message_iter_append_basic(iter, code, &v) != 0
        }
        func text(_ code: Int32, _ s: String) -> Bool {
            s.withCString { p in
                var ptr: UnsafePointer<CChar>? = p
                return dbus_message_iter_append_basic(iter, code, &ptr) != 0
            }
        }
        func container(_ code: Int32, _ signature: String?, _ fill: (UnsafeMutablePointer<DBusMessageIter>) -> Bool) -> Bool {
            var sub = DBusMessageIter()
            let opened = if let signature {
                signature.withCString { dbus_message_iter_open_container(iter, code, $0, &sub) }
            } else {
                dbus_message_iter_open_container(iter, code, nil, &sub)
            }
            guard opened != 0 else { return false }
            guard fill(&sub) else {
                dbus_message_iter_abandon_container(iter, &sub)
                return false
            }
            return dbus_message_iter_close_container(iter, &sub) != 0
        }
        switch value {
        case .byte(let v): return basic(CDBUS_TYPE_BYTE, v)
        case .boolean(let v): return basic(CDBUS_TYPE_BOOLEAN, dbus_bool_t(v ? 1 : 0))
        case .int16(let v): return basic(CDBUS_TYPE_INT16, v)
        case .uint16(let v): return basic(CDBUS_TYPE_UINT16, v)
        case .int32(let v): return basic(CDBUS_TYPE_INT32, v)
        case .uint32(let v): return basic(CDBUS_TYPE_UINT32, v)
        case .int64(let v): return basic(CDBUS_TYPE_INT64, v)
        case .uint64(let v): return basic(CDBUS_TYPE_UINT64, v)
        case .double(let v): return basic(CDBUS_TYPE_DOUBLE, v)
        case .unixFD(let v): return basic(CDBUS_TYPE_UNIX_FD, v.rawValue)
        case .string(let v): return text(CDBUS_TYPE_STRING, v)
        case .objectPath(let v): return text(CDBUS_TYPE_OBJECT_PATH, v.rawValue)
        case .signature(let v): return text(CDBUS_TYPE_SIGNATURE, v.description)
        case .array(let element, let items):
            return container(CDBUS_TYPE_ARRAY, element.code) { sub in items.allSatisfy { append($0, sub) } }
        case .dictionary(let key, let valueType, let entries):
            return container(CDBUS_TYPE_ARRAY, "{" + key.code + valueType.code + "}") { sub in
                entries.allSatisfy { entry in
                    var pair = DBusMessageIter()
                    guard dbus_message_iter_open_container(sub, CDBUS_TYPE_DICT_ENTRY, nil, &pair) != 0 else { return false }
                    guard append(entry.key, &pair), append(entry.value, &pair) else {
                        dbus_message_iter_abandon_container(sub, &pair)
                        return false
                    }
                    return dbus_message_iter_close_container(sub, &pair) != 0
                }
            }
        case .structure(let fields):
            return container(CDBUS_TYPE_STRUCT, nil) { sub in fields.allSatisfy { append($0, sub) } }
        case .variant(let inner):
            return container(CDBUS_TYPE_VARIANT, inner.type.code) { sub in append(inner, sub) }
        }
    }

    /// Reads one value of a known type at the iterator.
    /// libdbus hands out each file descriptor as a duplicate the reader owns: they are
    /// gathered in `descriptors`, for the message to close when it goes.
    private static func read(
        _ type: DBusType, _ iter: UnsafeMutablePointer<DBusMessageIter>, _ descriptors: inout [Int32]
    ) throws(DBusError) -> Value {
        let found = dbus_message_iter_get_arg_type(iter)
        guard found == type.typeCode else {
            throw DBusError(.invalidArgs, "message body does not match its signature at a \(type.code)")
        }
        var raw = DBusBasicValue()
        if type.isBasic { dbus_message_iter_get_basic(iter, &raw) }
        switch type {
        case .byte: return .byte(raw.byt)
        case .boolean: return .boolean(raw.bool_val != 0)
        case .int16: return .int16(raw.i16)
        case .uint16: return .uint16(raw.u16)
        case .int32: return .int32(raw.i32)
        case .uint32: return .uint32(raw.u32)
        case .int64: return .int64(Int64(raw.i64))
        case .uint64: return .uint64(UInt64(raw.u64))
        case .double: return .double(raw.dbl)
        case .unixFD:
            descriptors.append(raw.fd)
            return .unixFD(UnixFD(raw.fd))
        case .string: return .string(String(cString: raw.str))
        case .objectPath: return .objectPath(ObjectPath(trusted: String(cString: raw.str)))
        case .signature: return .signature(try Signature(parsing: String(cString: raw.str)))
        case .array(let element):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(iter, &sub)
            var items: [Value] = []
            while dbus_message_iter_get_arg_type(&sub) != CDBUS_TYPE_INVALID {
                items.append(try read(element, &sub, &descriptors))
                dbus_message_iter_next(&sub)
            }
            return .array(element, items)
        case .dictionary(let key, let valueType):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(iter, &sub)
            var entries: [DictionaryEntry] = []
            while dbus_message_iter_get_arg_type(&sub) == CDBUS_TYPE_DICT_ENTRY {
                var pair = DBusMessageIter()
                dbus_message_iter_recurse(&sub, &pair)
                let k = try read(key, &pair, &descriptors)
                dbus_message_iter_next(&pair)
                entries.append(DictionaryEntry(k, try read(valueType, &pair, &descriptors)))
                dbus_message_iter_next(&sub)
            }
            return .dictionary(key: key, value: valueType, entries)
        case .structure(let fields):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(iter, &sub)
            var values: [Value] = []
            for field in fields {
                values.append(try read(field, &sub, &descriptors))
                dbus_message_iter_next(&sub)
            }
            return .structure(values)
        case .variant:
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(iter, &sub)
            guard let cSignature = dbus_message_iter_get_signature(&sub) else {
                throw DBusError(.noMemory, "libdbus could not read a variant's signature")
            }
            defer { dbus_free(cSignature) }
            let inner = try Signature(parsing: String(cString: cSignature))
            guard inner.types.count == 1 else { throw DBusError(.invalidArgs, "a variant holds one complete type") }
            return .variant(try read(inner.types[0], &sub, &descriptors))
        }
    }
}

extension ObjectPath {
    /// A path libdbus has already validated.
    init(trusted text: String) { rawValue = text }
}
