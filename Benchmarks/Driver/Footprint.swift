import Foundation
import TestSupport

/// footprint-binaries and footprint-installed: the bytes a distribution ships. The binaries
/// as the Debian package has them (stripped as scripts/build-deb strips them), and the
/// package's `Installed-Size` (scripts/build-deb run on the built binaries). Issue 38's goal
/// for the installed package is 25 MB; the binaries are most of it, so they have the same bound.
enum Footprint {
    static let binaries = ["usernoted", "usernotectl"]

    static func measure(_ rig: Rig, _ scale: Scale) throws -> [Figure] {
        let directory = try rig.directory("footprint")
        var sizes: [(name: String, built: Int, stripped: Int)] = []
        for name in binaries {
            let copy = directory.appending(path: name)
            try FileManager.default.copyItem(atPath: rig.program(name), toPath: copy.path)
            try run(try ManagedProcess.which("strip"), ["--strip-unneeded", "--remove-section=.comment", copy.path])
            sizes.append((name, try size(rig.program(name)), try size(copy.path)))
        }
        let stripped = Double(sizes.map(\.stripped).reduce(0, +)) / 1e6
        var figures = [
            Figure(
                key: "footprint-binaries", measure: "usernoted + usernotectl, stripped", ours: stripped, unit: "MB",
                budget: .atMost(25),
                note: sizes.map { "\($0.name) \(megabytes($0.stripped)) MB (\(megabytes($0.built)) MB as built)" }.joined(separator: ", "))
        ]
        // The package of the debug build says nothing about the one a user installs, and
        // building generate-manual in release mode would add minutes to CI's smoke run.
        guard !scale.requiresPeers else {
            figures.append(try installed(rig))
            return figures
        }
        UsernotedBench.log("footprint-installed skipped: the smoke run builds no package")
        return figures
    }

    /// Builds the package of the built binaries and reads its `Installed-Size` (KiB).
    static func installed(_ rig: Rig) throws -> Figure {
        var root = rig.products
        while !FileManager.default.fileExists(atPath: root.appending(path: "scripts/build-deb").path) {
            guard root.pathComponents.count > 1 else { throw BenchError("no scripts/build-deb above \(rig.products.path)") }
            root = root.deletingLastPathComponent()
        }
        var environment = ProcessInfo.processInfo.environment
        environment["BUILT"] = rig.products.path
        let build = try Command.run(root.appending(path: "scripts/build-deb").path, [], environment: environment)
        guard build.succeeded, let deb = build.output.split(separator: "\n").last.map(String.init) else {
            throw BenchError("scripts/build-deb failed (exit \(build.status)): \(build.errors.suffix(2000))")
        }
        let field = try Command.run(try ManagedProcess.which("dpkg-deb"), ["-f", deb, "Installed-Size"])
        guard field.succeeded, let kibibytes = Double(field.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("dpkg-deb -f \(deb) Installed-Size: \(field.errors)")
        }
        return Figure(
            key: "footprint-installed", measure: "the Debian package's Installed-Size", ours: kibibytes * 1024 / 1e6, unit: "MB",
            budget: .atMost(25), note: "\(Int(kibibytes)) KiB installed; the .deb itself \(megabytes(try size(deb))) MB")
    }

    static func size(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }

    static func megabytes(_ bytes: Int) -> String { (Double(bytes) / 1e6).formatted }

    static func run(_ executable: String, _ arguments: [String]) throws {
        let result = try Command.run(executable, arguments)
        guard result.succeeded else {
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed (exit \(result.status)): \(result.errors)")
        }
    }
}
