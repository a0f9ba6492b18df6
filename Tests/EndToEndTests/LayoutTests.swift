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
        let executables: Set = ["usernoted", "usernotectl", "TestSupport"]
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
}
