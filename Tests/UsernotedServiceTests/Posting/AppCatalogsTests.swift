import Foundation
import Testing
import TestSupport
import UserNotificationsCore
@testable import UsernotedService

/// The apps' catalogs read with glibc's dgettext: real `.mo` files compiled by msgfmt, in the
/// locale `C.UTF-8` (installed everywhere; gettext reads a catalog for it under `C.UTF-8/`, and
/// the languages `LANGUAGE` names when it is set, so the catalog is put there too).
@Suite struct AppCatalogsTests {
    static let catalogs = AppCatalogs(locale: "C.UTF-8")

    /// Where the test process's gettext looks in `C.UTF-8`.
    static let languages = ["C.UTF-8"]
        + (ProcessInfo.processInfo.environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)

    /// A fresh directory holding `translations` for `domain`.
    static func catalog(_ domain: String, _ translations: [String: String]) throws -> String {
        let directory = try TemporaryDirectory.make(prefix: "usernoted-catalog")
        return try GettextCatalog.install(domain: domain, languages: languages, translations: translations, in: directory).path
    }

    static func domain() -> String { "usernoted-test-\(UUID().uuidString.prefix(8))" }

    @Test func aKeyIsTranslatedFromTheAppsDomainUnderItsDirectoryAsUTF8() throws {
        let domain = Self.domain()
        let directory = try Self.catalog(domain, ["GREETING": "Grüße, %2$@ und %1$@"])
        #expect(Self.catalogs.translation(of: "GREETING", domain: domain, directory: directory) == "Grüße, %2$@ und %1$@",
                "UTF-8 although the daemon's LC_CTYPE is C")
        #expect(Self.catalogs.translation(of: "MISSING", domain: domain, directory: directory) == nil, "a key it lacks")
        #expect(Self.catalogs.translation(of: "GREETING", domain: Self.domain(), directory: directory) == nil, "another domain")
        #expect(Self.catalogs.translation(of: "", domain: domain, directory: directory) == nil, "never the catalog's header")
    }

    @Test func eachLookupReadsTheDirectoryItsAppGaveEvenForOneDomain() throws {
        let domain = Self.domain()
        let first = try Self.catalog(domain, ["KEY": "first"])
        let second = try Self.catalog(domain, ["KEY": "second"])
        #expect(Self.catalogs.translation(of: "KEY", domain: domain, directory: first) == "first")
        #expect(Self.catalogs.translation(of: "KEY", domain: domain, directory: second) == "second")
        #expect(Self.catalogs.translation(of: "KEY", domain: domain, directory: first) == "first")
        #expect(Self.catalogs.translation(of: "KEY", domain: domain, directory: nil) == nil, "back in /usr/share/locale, which has none")
    }

    @Test func lookupsFromManyThreadsAtOnceEachReadTheirOwnDirectory() async throws {
        let domain = Self.domain()
        let directories = [try Self.catalog(domain, ["KEY": "first"]), try Self.catalog(domain, ["KEY": "second"])]
        let answers = await withTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<400 {
                group.addTask { (index % 2, Self.catalogs.translation(of: "KEY", domain: domain, directory: directories[index % 2])) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 400)
        #expect(answers.allSatisfy { $0.1 == ["first", "second"][$0.0] }, "\(answers.filter { $0.1 != ["first", "second"][$0.0] }.prefix(5))")
    }

    @Test func anAppsKeysAreLookedUpInItsTextDomainSettingElseItsAppID() throws {
        let app = try AppID(validating: "org.example.Catalog\(UUID().uuidString.prefix(8))")
        let byID = try Self.catalog(app.rawValue, ["KEY": "by app id"])
        var settings = AppSettings()
        settings.localeDirectory = byID
        #expect(Self.catalogs.translations(of: app, settings: settings)("KEY") == "by app id")
        let domain = Self.domain()
        settings.textDomain = domain
        settings.localeDirectory = try Self.catalog(domain, ["KEY": "by text domain"])
        #expect(Self.catalogs.translations(of: app, settings: settings)("KEY") == "by text domain")
    }

    @Test func aLocaleThatIsNotInstalledIsReplacedByCUTF8() {
        #expect(AppCatalogs(locale: "xx_YY.UTF-8").locale.replaced)
        #expect(AppCatalogs(locale: "xx_YY.UTF-8").locale.handle != nil)
        #expect(!Self.catalogs.locale.replaced)
    }
}
