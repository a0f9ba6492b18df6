#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The items a build leaves out of ICU's data: one shell pattern per line, matched (`fnmatch`)
/// against an item's path within the package (`coll/zh.res`); `#` starts a comment.
public struct DropList: Sendable, Equatable {
    public let patterns: [String]

    public init(_ text: String) {
        patterns = text.split(separator: "\n").compactMap { line in
            let pattern = line.prefix { $0 != "#" }.trimmingCharacters(in: " \t")
            return pattern.isEmpty ? nil : pattern
        }
    }

    /// Whether `item` is left out.
    public func drops(_ item: ICUDataPackage.Item) -> Bool { patterns.contains { Self.matches($0, item) } }

    /// The patterns no item of `package` matches (a typo, or data a newer ICU renamed).
    public func unmatched(in package: ICUDataPackage) -> [String] {
        patterns.filter { pattern in !package.items.contains { Self.matches(pattern, $0) } }
    }

    private static func matches(_ pattern: String, _ item: ICUDataPackage.Item) -> Bool {
        fnmatch(pattern, String(item.path), 0) == 0
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in blanks: String) -> String {
        String(drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }.reversed())
    }
}
