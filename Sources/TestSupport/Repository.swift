import Foundation

/// The repository's root directory, for tests that read its files (the shipped XML, the docs).
public let repositoryRoot: URL = {
    var directory = URL(filePath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appending(path: "Package.swift").path), directory.path != "/" {
        directory.deleteLastPathComponent()
    }
    return directory
}()
