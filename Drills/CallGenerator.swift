import UsernotedAPI
import DBus
import TestSupport

/// Random calls to the Center for the bus fuzz (D6): real methods with hostile arguments
/// (invalid app ids, broken, deep and duplicate-laden JSON, reserved action ids), real
/// methods with wrong signatures, and methods, interfaces and objects that do not exist.
struct CallGenerator {
    var random: SeededRandom
    var deepCalls = 0

    static let destination = Center1.busName
    static let path = Center1.path
    static let interface = Center1.interface

    /// Center1's methods and their input signatures.
    static let methods: [(name: String, signature: String)] = [
        ("SetCategories", "ss"), ("GetCategories", "s"), ("Post", "ssss"), ("Add", "ss"), ("PostPayload", "ss"),
        ("GetPending", "s"), ("RemovePending", "sas"), ("RemoveAllPending", "s"), ("GetDelivered", "s"),
        ("RemoveDelivered", "sas"), ("RemoveAllDelivered", "s"), ("RegisterHandler", "so"), ("SetExecHandler", "sas"),
        ("RemoveHandler", "s"), ("SetServiceExtension", "sas"), ("RemoveServiceExtension", "s"), ("RespondPrimary", "s"),
        ("SetBadge", "si"),
    ]

    /// App ids: a few valid ones, many that break the rules.
    static let appIDs = [
        "org.example.Fuzz", "org.example.Fuzz2", "", "a", "org", "org..example", ".org.example", "org.example.",
        "-org.example", "org.-example", "1org.example", "org.1example", ":1.42", "org.example/x", "org example",
        "org.exämple.x", "org.example.\u{1F600}", String(repeating: "a.", count: 130) + "b", "org.example.Fuzz\n",
        "org.freedesktop.DBus", "io.github.usernoted",
    ]

    /// Action ids that must be refused: reserved, or the same twice.
    static let hostileCategories = [
        #"[{"identifier": "C", "actions": [{"identifier": "A", "title": "a"}, {"identifier": "A", "title": "b"}]}]"#,
        #"[{"identifier": "C", "actions": []}, {"identifier": "C", "actions": []}]"#,
        #"[{"identifier": "C", "actions": [{"identifier": "default", "title": "d"}]}]"#,
        #"[{"identifier": "C", "actions": [{"identifier": "dismiss", "title": "d"}]}]"#,
        #"[{"identifier": "C", "actions": [{"identifier": "inline-reply", "title": "r"}]}]"#,
        #"[{"identifier": "", "actions": []}]"#,
        #"[{"identifier": "C\u0000", "actions": [{"identifier": "A\u0000", "title": "\u0000"}]}]"#,
        #"[{"identifier": "C", "actions": [{"identifier": "A", "title": "a", "options": ["foreground", "foreground", "nope"]}]}]"#,
    ]

    static let validCategories = #"[{"identifier": "MEETING_INVITATION", "options": ["customDismissAction"], "actions": [{"identifier": "ACCEPT_ACTION", "title": "Accept"}, {"identifier": "DECLINE_ACTION", "title": "Decline", "options": ["destructive"]}]}]"#
    static let validRequest = #"{"identifier": "r1", "content": {"title": "Hi", "body": "there", "categoryIdentifier": "", "userInfo": {"k": [1, 2.5, null, true, {"x": "y"}]}}, "trigger": {"timeInterval": 3600}}"#
    static let validPayload = #"{"aps": {"alert": {"title": "T", "body": "B"}, "badge": 2, "sound": "default"}, "ID": "1"}"#

    /// JSON nested `depth` deep: arrays, objects, objects inside a request's userInfo, or
    /// arrays never closed (513 of them trapped Foundation's decoder; found by `make fuzz`).
    static func deep(_ depth: Int, kind: Int) -> String {
        switch kind % 4 {
        case 3: String(repeating: "[", count: depth)
        case 0: String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        case 1: String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        default:
            #"{"content": {"title": "deep", "userInfo": {"k": "# + String(repeating: "[", count: depth)
                + String(repeating: "]", count: depth) + "}}}"
        }
    }

    /// The next call.
    mutating func next() -> Message {
        switch below(12) {
        case 0:  // a method that does not exist
            return call(member: pick(["Frobnicate", "post", "Add2", "SetCategoriesX", "Introspect", "Ping", "Get"]),
                        body: randomValues())
        case 1:  // an object or interface that does not exist
            let wrongPath = below(2) == 0
            return Message.methodCall(
                destination: Self.destination, path: wrongPath ? "/io/github/usernoted/nothing" : Self.path,
                interface: wrongPath ? Self.interface : "io.github.usernoted.Center2", member: "Post", body: randomValues())
        case 2, 3:  // a real method, the wrong signature
            return call(member: pick(Self.methods).name, body: randomValues())
        default:  // a real method, the right signature, hostile values
            let method = pick(Self.methods)
            var body: [Value] = []
            for (index, code) in Self.codes(method.signature).enumerated() {
                body.append(value(code, at: index, of: method.name))
            }
            return call(member: method.name, body: body)
        }
    }

    /// A call whose strings are 10 MB long: app id, title, or JSON.
    mutating func huge() -> Message {
        let big = String(repeating: "x", count: 10 << 20)
        switch below(4) {
        case 0: return call(member: "Post", body: [.string("org.example.Fuzz"), .string(""), .string(big), .string("")])
        case 1: return call(member: "GetPending", body: [.string(big)])
        case 2: return call(member: "SetCategories", body: [.string("org.example.Fuzz"), .string(#"[{"identifier": ""# + big + #"", "actions": []}]"#)])
        default: return call(member: "Add", body: [.string("org.example.Fuzz"), .string(#"{"content": {"title": "t", "body": ""# + big + #""}}"#)])
        }
    }

    /// A call with JSON nested 10 000 deep (or 513 arrays, unclosed).
    mutating func deep() -> Message {
        deepCalls += 1
        let kind = deepCalls % 4  // each kind in turn
        let depth = kind == 3 ? 513 : 10_000
        let (member, json) = pick([("SetCategories", Self.deep(depth, kind: kind)), ("Add", Self.deep(depth, kind: kind)),
                                   ("PostPayload", Self.deep(depth, kind: kind))])
        return call(member: member, body: [.string("org.example.Fuzz"), .string(json)])
    }

    private func call(member: String, body: [Value]) -> Message {
        Message.methodCall(destination: Self.destination, path: Self.path, interface: Self.interface, member: member, body: body)
    }

    /// The type codes of a flat signature (`sas` → `s`, `as`).
    private static func codes(_ signature: String) -> [String] {
        var codes: [String] = []
        var pending = ""
        for character in signature {
            pending.append(character)
            if character != "a" {
                codes.append(pending)
                pending = ""
            }
        }
        return codes
    }

    private mutating func value(_ code: String, at index: Int, of method: String) -> Value {
        switch code {
        case "s" where index == 0: return .string(pick(Self.appIDs))
        case "s" where index == 1 && ["SetCategories", "Add", "PostPayload"].contains(method): return .string(json(for: method))
        case "s": return .string(text())
        case "as" where method == "SetExecHandler" || method == "SetServiceExtension":
            // Never a program that exists: the fuzz must not run anything.
            let argv = (0..<below(4)).map { _ in "/nonexistent-usernoted-fuzz/" + text() }
            return .array(.string, argv.map(Value.string))
        case "as": return .array(.string, (0..<below(20)).map { _ in .string(text()) })
        case "o": return .objectPath(pick(["/", "/org/example/Handler", "/a/b_c/D9", "/io/github/usernoted"]))
        case "i": return .int32(pick([0, 1, -1, 99, Int32.max, Int32.min, Int32(truncatingIfNeeded: random.next())]))
        default: return .string(text())
        }
    }

    /// JSON for a method that takes it: valid, hostile, deep, or mutated.
    private mutating func json(for method: String) -> String {
        let base = method == "SetCategories" ? Self.validCategories : method == "Add" ? Self.validRequest : Self.validPayload
        switch below(8) {
        case 0: return base
        case 1: return method == "SetCategories" ? pick(Self.hostileCategories) : mutate(base)
        case 2: return Self.deep(below(2000), kind: below(4))
        case 3: return pick(["", "null", "[]", "{}", "\"s\"", "1e400", "-0", "[1,2", "{\"a\":}", "\u{FEFF}{}", "{\"content\": 5}",
                             "{\"content\": {\"title\": \"\\ud800\"}}", "{\"content\": {\"title\": \"\\u0000\"}}",
                             "{\"content\": {\"badge\": 99999999999999999999999}}", "[{\"identifier\": 5}]"])
        default: return mutate(base)
        }
    }

    /// `text` with a few random edits: characters deleted, JSON tokens inserted, a slice repeated.
    private mutating func mutate(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0...below(4) {
            let at = below(scalars.count + 1)
            switch below(4) {
            case 0 where at < scalars.count: scalars.remove(at: at)
            case 1: scalars.insert(contentsOf: pick(["{", "}", "[", "]", ",", ":", "\"", "\\", "null", "1e9", "\u{1F600}", "\\u0000"]).unicodeScalars, at: at)
            case 2 where at < scalars.count:
                let end = min(scalars.count, at + below(40))
                scalars.insert(contentsOf: scalars[at..<end], at: at)
            default: break
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// A short random string: letters, punctuation, markup, emoji, sometimes long.
    private mutating func text() -> String {
        let pieces = ["a", "Z", "0", ".", "-", "_", "/", " ", "<b>", "&amp;", "\u{1F600}", "é", "\"", "\\", "\n", "%s", "default"]
        let count = below(10) == 0 ? 2000 : Int(below(24))
        return (0..<count).map { _ in pick(pieces) }.joined()
    }

    /// 0 to 4 values of random types.
    private mutating func randomValues() -> [Value] {
        (0..<below(5)).map { _ in
            switch below(9) {
            case 0: .string(text())
            case 1: .int32(Int32(truncatingIfNeeded: random.next()))
            case 2: .uint32(UInt32(truncatingIfNeeded: random.next()))
            case 3: .boolean(below(2) == 0)
            case 4: .double(Double(bitPattern: random.next()).isNaN ? 0 : Double(bitPattern: random.next()))
            case 5: .array(.string, [.string(text()), .string(text())])
            case 6: .objectPath("/a/b")
            case 7: .dictionary(key: .string, value: .variant, [DictionaryEntry(.string(text()), .variant(.int32(1)))])
            default: .structure([.string(text()), .uint64(random.next())])
            }
        }
    }

    /// A random number in 0..<bound.
    private mutating func below(_ bound: Int) -> Int { Int(random.next(upperBound: UInt64(bound))) }

    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
