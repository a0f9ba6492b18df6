import CGIO
import CLoadOnUse
import Foundation
import UserNotificationsCore

/// A boolean in a notification server's own JSON config file, read where the server reads it:
/// the first `<directory>/<file>` that exists, the user's config directory first, then the
/// system's (what GLib's `g_get_user_config_dir` and `g_get_system_config_dirs` say). swaync
/// lists `inline-reply` always, but shows its reply field only where its
/// `notification-inline-replies` is true (false unless the user turns it on).
public struct ServerSetting: Sendable, Hashable {
    /// The file under a config directory, e.g. `swaync/config.json`.
    public var file: String
    /// The top-level key.
    public var key: String
    /// What the server takes when no file has the key (or the file it reads is not JSON).
    public var byDefault: Bool

    public init(file: String, key: String, byDefault: Bool) {
        self.file = file
        self.key = key
        self.byDefault = byDefault
    }

    /// The user's config directory, then the system's, as GLib (and so a GLib server) finds them;
    /// found once (GLib keeps them for the process too), and GLib loaded then.
    public static let configDirectories: [URL] = {
        guard load_on_use(load_on_use_gio) == nil else { return [] }  // no GLib: every setting its default
        var directories = [URL(filePath: String(cString: g_get_user_config_dir()))]
        if var system = g_get_system_config_dirs() {
            while let directory = system.pointee {
                directories.append(URL(filePath: String(cString: directory)))
                system += 1
            }
        }
        return directories
    }()

    /// Its value now: from the first of its files under `directories` that exists (read each
    /// time: the server reads it again when told to reload).
    public func value(in directories: [URL]) -> Bool {
        let files = directories.lazy.map { $0.appending(path: file) }
        guard let found = files.first(where: { FileManager.default.fileExists(atPath: $0.path) }),
              let data = try? Data(contentsOf: found) else { return byDefault }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true  // comments and trailing commas, as users write config files
        guard case .object(let entries)? = try? decoder.decode(JSONValue.self, from: data),
              case .bool(let value)? = entries[key] else { return byDefault }
        return value
    }
}
