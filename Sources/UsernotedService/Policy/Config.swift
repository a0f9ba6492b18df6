import Foundation
import TOMLKit
import UserNotificationsCore

/// usernoted's settings from `config.toml`: the `[limits]` table (see ``Limits``), the
/// `[delivery]` table (see ``DeliveryPolicy``), the `[privacy]` table (see ``PrivacyPolicy``)
/// the `[text]` table (see ``TextPolicy``), the `[gtk]` table (see ``GtkPolicy``), the `[push]`
/// table (see ``PushPolicy``), the `[focus]` table (see ``FocusPolicy``), the `[summary]` table
/// (see ``SummaryPolicy``), the `[threads]` table (see ``ThreadPolicy``) and the `[authorization]`
/// table (see ``AuthorizationPolicy``), every key optional. A missing file means the defaults; a
/// file that does not parse, or has a key we do not know, stops the daemon with a message naming
/// the file and the key.
public struct Config: Sendable, Hashable {
    /// What apps may send and keep.
    var limits: Limits
    /// How responses reach handlers.
    var delivery: DeliveryPolicy
    /// When previews are hidden.
    var privacy: PrivacyPolicy
    /// How typed replies are collected without inline reply.
    var text: TextPolicy
    /// Whether GLib apps' notifications are served.
    var gtk: GtkPolicy
    /// Remote notifications over MQTT (off unless a broker is set).
    var push: PushPolicy
    /// When Focus is on besides the user's switch.
    var focus: FocusPolicy
    /// The scheduled summary (off unless it has times).
    var summary: SummaryPolicy
    /// When a thread's notifications stack.
    var threads: ThreadPolicy
    /// Whether a new app's `RequestAuthorization` asks the user.
    var authorization: AuthorizationPolicy

    /// The defaults.
    init(
        limits: Limits = .default, delivery: DeliveryPolicy = DeliveryPolicy(), privacy: PrivacyPolicy = PrivacyPolicy(),
        text: TextPolicy = TextPolicy(), gtk: GtkPolicy = GtkPolicy(), push: PushPolicy = PushPolicy(),
        focus: FocusPolicy = FocusPolicy(), summary: SummaryPolicy = SummaryPolicy(), threads: ThreadPolicy = ThreadPolicy(),
        authorization: AuthorizationPolicy = AuthorizationPolicy()
    ) {
        self.threads = threads
        self.authorization = authorization
        self.focus = focus
        self.summary = summary
        self.limits = limits
        self.delivery = delivery
        self.privacy = privacy
        self.text = text
        self.gtk = gtk
        self.push = push
    }

    /// `$XDG_CONFIG_HOME/usernoted/config.toml`, else `~/.config/usernoted/config.toml`, as a path.
    public static func defaultFile(environment: [String: String] = ProcessEnvironment.read()) -> String {
        /// `path` inside `directory`.
        func joined(_ directory: String, _ path: String) -> String {
            let directory = absolute(directory)
            return (directory.hasSuffix("/") ? directory : directory + "/") + path
        }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return joined(config, "usernoted/config.toml")
        }
        return joined(environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path, ".config/usernoted/config.toml")
    }

    /// `path` as an absolute path: as it is when it is one, else as a URL makes it (`~`
    /// expanded, from the working directory).
    public static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : URL(filePath: path).path
    }

    /// Reads the file at path `file`; the defaults when it does not exist.
    public static func load(from file: String) throws(ConfigError) -> Config {
        guard FileManager.default.fileExists(atPath: file) else { return Config() }
        let text: String
        do {
            text = try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw ConfigError(file: file, problem: "cannot read it: \(error.localizedDescription)")
        }
        do {
            return try Config(TOMLTable(string: text))
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, problem: "not valid TOML: \(error.debugDescription)")
        } catch let error as ConfigError {
            throw ConfigError(file: file, problem: error.problem)
        } catch {
            throw ConfigError(file: file, problem: "\(error)")
        }
    }

    /// A decoding error of `[table]` as `table.key: what is wrong`.
    private static func describe(_ error: DecodingError, in table: Tables) -> String {
        let (path, detail): ([any CodingKey], String) = switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            (context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context):
            // TOMLKit also reports a value of the wrong type this way, with the key already in the path.
            (context.codingPath.last?.stringValue == key.stringValue ? context.codingPath : context.codingPath + [key],
             context.debugDescription)
        @unknown default: ([], "\(error)")
        }
        return "\(([table.rawValue] + path.map(\.stringValue)).joined(separator: ".")): has the wrong type (\(detail))"
    }

    /// The file's tables.
    private enum Tables: String, CaseIterable {
        case limits, delivery, privacy, text, gtk, push, focus, summary, threads, authorization
    }

    /// The settings of a file's top level: each table it has decoded, the defaults for the rest.
    /// Table by table, rather than the whole file as one `Decodable`, so that only the tables
    /// the file has go through TOMLKit's decoder: for the whole file it listed the keys through
    /// a container of their own and was asked for each of the ten tables, 1.2 million
    /// instructions for a file of one table, on the way to the bus at every start.
    init(_ file: TOMLTable) throws {
        try ConfigKeys.refuseUnknown(file.keys, known: Tables.allCases.map(\.rawValue), table: nil)
        func table<Table: Decodable>(_ key: Tables, _ fallback: Table) throws -> Table {
            guard let value = file[key.rawValue] else { return fallback }
            guard let table = value.table else {
                throw ConfigError("\(key.rawValue): has the wrong type (a table, [\(key.rawValue)])")
            }
            do {
                return try TOMLDecoder().decode(Table.self, from: table)
            } catch let error as DecodingError {
                throw ConfigError(Self.describe(error, in: key))
            } catch let error as ModelError {
                throw ConfigError(error.nested(under: [.key(key.rawValue)]).message)
            }
        }
        self.init(
            limits: try table(.limits, .default), delivery: try table(.delivery, DeliveryPolicy()),
            privacy: try table(.privacy, PrivacyPolicy()), text: try table(.text, TextPolicy()),
            gtk: try table(.gtk, GtkPolicy()), push: try table(.push, PushPolicy()),
            focus: try table(.focus, FocusPolicy()), summary: try table(.summary, SummaryPolicy()),
            threads: try table(.threads, ThreadPolicy()), authorization: try table(.authorization, AuthorizationPolicy()))
    }
}

/// The check that a config table holds only keys we know.
enum ConfigKeys {
    /// Throws a ``ConfigError`` naming the first unknown key of the table being decoded.
    static func refuseUnknown(in decoder: any Decoder, known: [String], table: String?) throws {
        try refuseUnknown(decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue), known: known, table: table)
    }

    /// Throws a ``ConfigError`` naming the first of `keys` that is not `known`.
    static func refuseUnknown(_ keys: [String], known: [String], table: String?) throws {
        guard let unknown = keys.sorted().first(where: { !known.contains($0) }) else { return }
        let place = table.map { "key '\(unknown)' in [\($0)]" } ?? "table or key '\(unknown)'"
        throw ConfigError("unknown \(place); known: \(known.joined(separator: ", "))")
    }

    /// The positive number of seconds at `key` of `[table]` (TOML's 5 and 5.0 alike), or
    /// `fallback` when the key is absent.
    static func seconds<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, _ key: Key, table: String, fallback: Double
    ) throws -> Double {
        guard container.contains(key) else { return fallback }
        let value = (try? container.decode(Double.self, forKey: key)) ?? (try? container.decode(Int.self, forKey: key)).map(Double.init)
        guard let value, value > 0, value.isFinite else {
            throw ConfigError("\(table).\(key.stringValue): must be a positive number of seconds")
        }
        return value
    }

    /// The choice named at `key` of `[table]`, or `fallback` when the key is absent; a name
    /// that is not one of the choices is a ``ConfigError`` listing them.
    static func choice<Choice: RawRepresentable & CaseIterable, Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, _ key: Key, table: String, fallback: Choice
    ) throws -> Choice where Choice.RawValue == String {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return fallback }
        guard let value = Choice(rawValue: text) else {
            let known = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ConfigError("\(table).\(key.stringValue): \"\(text)\" is not one of \(known)")
        }
        return value
    }

    /// Any key, to list what a table holds.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A config file usernoted cannot use, and why.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path: nil while a table is decoded, ``Config/load(from:)`` names it.
    var file: String?
    /// What is wrong with it.
    var problem: String

    /// `problem` in the file being read.
    init(_ problem: String) {
        self.problem = problem
    }

    /// `problem` in the file at path `file`.
    init(file: String, problem: String) {
        self.file = file
        self.problem = problem
    }

    public var description: String { (file.map { "\($0): " } ?? "") + problem }
}
