import Foundation
import TOMLKit
import UserNotificationsCore

/// usernoted's settings from `config.toml`; today its `[limits]` table (every key optional,
/// see ``Limits``). A missing file means the defaults; a file that does not parse, or has
/// a key we do not know, stops the daemon with a message naming the file and the key.
public struct Config: Sendable, Hashable, Decodable {
    /// What apps may send and keep.
    public var limits: Limits

    /// The defaults.
    public init(limits: Limits = .default) { self.limits = limits }

    /// `$XDG_CONFIG_HOME/usernoted/config.toml`, else `~/.config/usernoted/config.toml`.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(filePath: config).appending(path: "usernoted/config.toml")
        }
        let home = environment["HOME"].map { URL(filePath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appending(path: ".config/usernoted/config.toml")
    }

    /// Reads `file`; the defaults when it does not exist.
    public static func load(from file: URL) throws(ConfigError) -> Config {
        guard FileManager.default.fileExists(atPath: file.path) else { return Config() }
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw ConfigError(file: file, problem: "cannot read it: \(error.localizedDescription)")
        }
        do {
            return try TOMLDecoder().decode(Config.self, from: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, problem: "not valid TOML: \(error.debugDescription)")
        } catch let error as ModelError {
            throw ConfigError(file: file, problem: error.rooted(at: "limits").message)
        } catch let error as ConfigError {
            throw ConfigError(file: file, problem: error.problem)
        } catch {
            throw ConfigError(file: file, problem: "\(error)")
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case limits }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        if let unknown = keys.first(where: { CodingKeys(rawValue: $0) == nil }) {
            throw ConfigError(file: URL(filePath: "/"), problem: "unknown table or key '\(unknown)'; known: [limits]")
        }
        limits = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Limits.self, forKey: .limits) ?? .default
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
    /// The file.
    public var file: URL
    /// What is wrong with it.
    public var problem: String

    public var description: String { "\(file.path): \(problem)" }
}
