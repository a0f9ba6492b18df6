import Foundation
import Testing
import TestSupport

/// The repository's layout rules that docs/architecture.md states, checked.
@Suite struct LayoutTests {
    static let sources = repositoryRoot.appending(path: "Sources")
    static let tests = repositoryRoot.appending(path: "Tests")

    /// The Swift files under `directory`, as paths relative to it.
    static func swiftFiles(under directory: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        return (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// Libraries with tests of their own: every Swift module under Sources/ but the executables and the harness.
    static let testedModules: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        let executables: Set = ["usernoted", "usernotectl", "trim-icu-data", "TestSupport"]
        return names.filter { !$0.hasPrefix("C") && !executables.contains($0) }.sorted()
    }()

    @Test func everyLibraryHasATestTarget() {
        #expect(Self.testedModules.count >= 6)
        for module in Self.testedModules {
            #expect(FileManager.default.fileExists(atPath: Self.tests.appending(path: "\(module)Tests").path),
                    "Sources/\(module) has no Tests/\(module)Tests")
        }
    }

    /// A test file named for a source file (`XTests.swift` for `X.swift`) sits in the folder
    /// that mirrors the source file's, so the tests of a file are found where the file is.
    @Test func aSourceFilesTestsMirrorItsPath() {
        for module in Self.testedModules {
            let sourceFiles = Self.swiftFiles(under: Self.sources.appending(path: module))
            let byName = Dictionary(grouping: sourceFiles) { ($0 as NSString).lastPathComponent }
            for testFile in Self.swiftFiles(under: Self.tests.appending(path: "\(module)Tests")) where testFile.hasSuffix("Tests.swift") {
                let name = (testFile as NSString).lastPathComponent
                let sourceName = String(name.dropLast("Tests.swift".count)) + ".swift"
                guard let sources = byName[sourceName] else { continue }  // named for a behaviour
                let expected = ((testFile as NSString).deletingLastPathComponent as NSString).appendingPathComponent(sourceName)
                #expect(sources.contains(expected),
                        "Tests/\(module)Tests/\(testFile) tests Sources/\(module)/\(sources[0]): move it to Tests/\(module)Tests/\((sources[0] as NSString).deletingLastPathComponent)")
            }
        }
    }

    /// The cells of the rows that name something (`` | `X` | … ``) in the table of
    /// docs/architecture.md's section `heading`, in order.
    static func architectureTable(under heading: String) -> [[String]] {
        let text = (try? String(contentsOf: repositoryRoot.appending(path: "docs/architecture.md"), encoding: .utf8)) ?? ""
        guard let section = text.components(separatedBy: "\n## \(heading)\n").dropFirst().first else { return [] }
        return section.components(separatedBy: "\n## ")[0].split(separator: "\n").filter { $0.hasPrefix("| `") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// docs/architecture.md's Modules table, in order: each module, and the modules of this
    /// package it may import (a row's "the modules above but `X`" reads as it says).
    static let moduleRows: [(module: String, mayImport: Set<String>)] = {
        var rows: [(module: String, mayImport: Set<String>)] = []
        for cells in architectureTable(under: "Modules") {
            let named = Set(cells.last!.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
            let above = Set(rows.map(\.module))
            rows.append((cells[0].trimmingCharacters(in: ["`"]), cells.last!.hasPrefix("the modules above but") ? above.subtracting(named) : named))
        }
        return rows
    }()

    /// A module imports no module of this package that its row does not name, so the table
    /// is the module graph, and the graph has no cycle (SwiftPM refuses one in Package.swift).
    @Test func everyModuleImportsOnlyWhatItsRowSays() throws {
        let own = Set(Self.moduleRows.map(\.module))
        #expect(own == Set(try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)), "docs/architecture.md's Modules table lists \(own.sorted())")
        for (module, allowed) in Self.moduleRows {
            for file in Self.swiftFiles(under: Self.sources.appending(path: module)) {
                let text = try String(contentsOf: Self.sources.appending(path: "\(module)/\(file)"), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                          words[..<at].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal"].contains($0) })
                    else { continue }
                    let imported = String(words[at + 1])
                    #expect(!own.contains(imported) || allowed.contains(imported),
                            "Sources/\(module)/\(file) imports \(imported), which its row in docs/architecture.md's Modules table does not name")
                }
            }
        }
    }

    /// The folders of `UsernotedService` in the order of docs/architecture.md's layers table.
    static let serviceLayers: [String] = architectureTable(under: "The service's layers").map { $0[0].trimmingCharacters(in: ["`"]) }

    /// A file of a service folder uses no type declared in a folder below it in the layers table.
    @Test func theServicesFoldersAreLayers() throws {
        let service = Self.sources.appending(path: "UsernotedService")
        let files = Self.swiftFiles(under: service)
        let folders = Set(files.compactMap { $0.contains("/") ? String($0.prefix { $0 != "/" }) : nil })
        #expect(Set(Self.serviceLayers) == folders, "docs/architecture.md's layers table lists \(Self.serviceLayers), Sources/UsernotedService has \(folders.sorted())")
        let rank = Dictionary(uniqueKeysWithValues: Self.serviceLayers.enumerated().map { ($1, $0) })
        var code: [String: SwiftCode] = [:]
        var declaredIn: [String: String] = [:]  // type name → folder
        for file in files {
            let parsed = SwiftCode(try String(contentsOf: service.appending(path: file), encoding: .utf8))
            code[file] = parsed
            guard let folder = file.split(separator: "/").first.map(String.init), file.contains("/") else { continue }
            for name in parsed.topLevelTypes { declaredIn[name] = folder }
        }
        for file in files {
            guard let folder = file.split(separator: "/").first.map(String.init), file.contains("/"), let own = rank[folder] else { continue }
            for name in code[file]!.identifiers.sorted() {
                guard let home = declaredIn[name], let theirs = rank[home], theirs > own else { continue }
                Issue.record("Sources/UsernotedService/\(file) uses \(name), which \(home)/ declares: \(home) is below \(folder) in docs/architecture.md's layers")
            }
        }
    }
}

/// Swift source with its comments and string literals taken out: the names it uses, and the
/// types it declares at the top level.
struct SwiftCode {
    let identifiers: Set<String>
    let topLevelTypes: [String]

    init(_ source: String) {
        var code = ""
        var characters = source[...]
        while let next = characters.first {
            if characters.hasPrefix("//") {
                characters = characters.drop { $0 != "\n" }
            } else if characters.hasPrefix("/*") {
                characters = characters.dropFirst(2)
                while !characters.isEmpty, !characters.hasPrefix("*/") { characters = characters.dropFirst() }
                characters = characters.dropFirst(2)
            } else if characters.hasPrefix("\"\"\"") {
                characters = characters.dropFirst(3)
                while !characters.isEmpty, !characters.hasPrefix("\"\"\"") { characters = characters.dropFirst() }
                characters = characters.dropFirst(3)
                code += "\"\""
            } else if next == "\"" {
                characters = characters.dropFirst()
                while let c = characters.first, c != "\"", c != "\n" {
                    characters = characters.dropFirst(c == "\\" ? 2 : 1)
                }
                characters = characters.dropFirst()
                code += "\"\""
            } else {
                code.append(next)
                characters = characters.dropFirst()
            }
        }
        let isNamePart: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
        identifiers = Set(code.split { !isNamePart($0) }.map(String.init))
        let kinds: Set = ["struct", "class", "enum", "actor", "protocol", "typealias"]
        topLevelTypes = code.split(separator: "\n").compactMap { line in
            guard let first = line.first, first.isLetter || first == "@" else { return nil }  // indented: nested
            let words = line.split { !isNamePart($0) }
            guard let kind = words.firstIndex(where: { kinds.contains(String($0)) }), kind + 1 < words.count,
                  !line.hasPrefix("extension") else { return nil }
            return String(words[kind + 1])
        }
    }
}
