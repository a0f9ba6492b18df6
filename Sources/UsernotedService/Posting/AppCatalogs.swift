import CLinux
import Foundation
import FreedesktopNotifications
import Logging
import Synchronization
import UserNotificationsCore

/// The apps' gettext catalogs, in which their localized alerts' keys (`loc-key` …) are looked
/// up: the C library's `dgettext` in the app's text domain (its `textDomain` setting, else the
/// `X-GNOME-Gettext-Domain` of its desktop file, else its app id), under its `localeDirectory`
/// setting or the C library's `/usr/share/locale`, in the user's language.
///
/// The language is the session's, as the daemon started with it: the messages locale of
/// `LC_ALL`, `LC_MESSAGES` or `LANG`, then `LANGUAGE` (a list such as `de:en`), which glibc reads
/// only when that locale is not `C`. It is made once (`newlocale`, as `setlocale(LC_MESSAGES, "")`
/// would read it) and used, with `uselocale`, by the looking-up thread alone for the length of a
/// lookup, so nothing else of the daemon (the C library's own messages in the log) changes
/// language. A locale that is not installed (not generated) is replaced by `C.UTF-8`, where
/// `LANGUAGE` alone picks the catalog. Texts come out as UTF-8 whatever the daemon's `LC_CTYPE`
/// (`bind_textdomain_codeset`).
///
/// glibc's lookups are thread-safe, but a domain's directory is process-wide: binding and
/// looking up are done under one lock, so two apps naming one domain with different directories
/// each read their own. glibc reads a catalog file once, when a lookup first needs it: one
/// installed or changed later is read after the daemon restarts.
///
/// A key without a translation is logged once per domain, directory and key (the first
/// ``missesLogged`` of them), so an app's developer sees which catalog was looked in.
final class AppCatalogs: Sendable {
    /// The locale lookups are made in.
    let locale: MessagesLocale
    /// Each domain looked in so far: the directory it is bound to, and the C library's default.
    private let domains = Mutex<[String: (current: String, standard: String)]>([:])

    /// Where an app's desktop file may name its text domain.
    private let desktopEntries: DesktopEntries
    private let logger: Logger
    /// The keys without a translation logged so far, as domain, directory and key.
    private let misses = Mutex<Set<[String]>>([])
    static let missesLogged = 1_000

    /// Catalogs read in the messages locale `name` ("" for the session's, from the environment),
    /// of the text domains the apps' settings or desktop files in `desktopEntries` name.
    init(locale name: String = "", desktopEntries: DesktopEntries = DesktopEntries(), logger: Logger = Logger(label: "usernoted")) {
        locale = MessagesLocale(name)
        self.desktopEntries = desktopEntries
        self.logger = logger
    }

    /// The translation of `key` in `domain`'s catalog (under `directory`, else the default); nil
    /// when there is none, in the user's language or at all.
    func translation(of key: String, domain: String, directory: String?) -> String? {
        guard !key.isEmpty, let locale = locale.handle else { return nil }
        let found = lookUp(key, domain: domain, directory: directory, locale: locale)
        if found == nil, misses.withLock({ $0.count < Self.missesLogged && $0.insert([domain, directory ?? "", key]).inserted }) {
            logger.info("localized alerts: no translation in the session's language; showing the fallback", metadata: [
                "key": "\(key)", "textDomain": "\(domain)", "localeDirectory": "\(directory ?? "(the C library's)")"])
        }
        return found
    }

    /// `key`'s translation by `dgettext` in `domain` under `directory`, in `locale`.
    private func lookUp(_ key: String, domain: String, directory: String?, locale: locale_t) -> String? {
        domains.withLock { domains in
            var binding = domains[domain] ?? Self.firstLook(at: domain)
            let target = directory ?? binding.standard
            if binding.current != target, bindtextdomain(domain, target) != nil { binding.current = target }
            domains[domain] = binding
            let previous = uselocale(locale)
            defer { uselocale(previous) }
            return key.withCString { msgid in
                // glibc answers the msgid itself, the same pointer, when it has no translation.
                guard let found = dgettext(domain, msgid), found != UnsafePointer(msgid) else { return nil }
                return String(cString: found)
            }
        }
    }

    /// What `domain` is bound to before this binds it, once its texts are set to come out as UTF-8.
    private static func firstLook(at domain: String) -> (current: String, standard: String) {
        bind_textdomain_codeset(domain, "UTF-8")
        let standard = bindtextdomain(domain, nil).map { String(cString: $0) } ?? "/usr/share/locale"
        return (standard, standard)
    }

    /// Looks up `app`'s keys as its `settings` say (its text domain and directory); the desktop
    /// file is read only when a key is looked up.
    func translations(of app: AppID, settings: AppSettings) -> (String) -> String? {
        let directory = settings.localeDirectory
        return { [self] key in translation(of: key, domain: textDomain(of: app, settings: settings), directory: directory) }
    }

    /// The text domain of `app`: its `textDomain` setting, else the one its desktop file names
    /// (when it can name a catalog file), else its app id.
    func textDomain(of app: AppID, settings: AppSettings) -> String {
        if let domain = settings.textDomain { return domain }
        if let domain = desktopEntries.identity(of: app)?.textDomain, AppSettings.Update.isTextDomain(domain), !domain.isEmpty {
            return domain
        }
        return app.rawValue
    }
}

/// A messages locale made once with `newlocale`.
struct MessagesLocale: @unchecked Sendable {
    // @unchecked: a locale_t is a C pointer; glibc never changes the locale after newlocale and
    // `uselocale` only reads it, from any thread. It lives as long as the daemon (never freed).
    let handle: locale_t?
    /// Whether it is not installed, and `C.UTF-8` is used in its place.
    let replaced: Bool

    init(_ name: String) {
        if let made = usernoted_messages_locale(name) {
            handle = made
            replaced = false
        } else {
            handle = usernoted_messages_locale("C.UTF-8")
            replaced = true
        }
    }
}
