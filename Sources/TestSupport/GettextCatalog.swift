import Foundation

/// An app's gettext catalog, compiled by `msgfmt` (Debian's `gettext` package) as an app's
/// build compiles its translations: `<directory>/<language>/LC_MESSAGES/<domain>.mo`.
public enum GettextCatalog {
    /// Compiles `translations` (msgid → msgstr) for `domain` in each of `languages` under
    /// `directory`; returns `directory`.
    @discardableResult
    public static func install(
        domain: String, languages: [String], translations: [String: String], in directory: URL
    ) throws -> URL {
        let source = directory.appending(path: "\(domain).po")
        var po = "msgid \"\"\nmsgstr \"Content-Type: text/plain; charset=UTF-8\\n\"\n"
        for (key, text) in translations.sorted(by: { $0.key < $1.key }) {
            po += "\nmsgid \(quoted(key))\nmsgstr \(quoted(text))\n"
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try po.write(to: source, atomically: true, encoding: .utf8)
        for language in languages {
            let folder = directory.appending(path: "\(language)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let result = try Command.run("/usr/bin/msgfmt", ["-o", folder.appending(path: "\(domain).mo").path, source.path])
            guard result.succeeded else {
                throw TestSupportError("msgfmt failed (is Debian's gettext package installed?): \(result.errors)")
            }
        }
        return directory
    }

    /// `text` as a PO string literal.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
