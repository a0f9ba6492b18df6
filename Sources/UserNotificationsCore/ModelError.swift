/// An error in an app's input, named for the D-Bus error it becomes (``ErrorName``) and
/// saying what to fix in ``message``.
public struct ModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error.
    public let kind: ErrorName
    /// Where the problem is, as keys and indices from the root of the input.
    public let path: [PathComponent]
    /// What the root of the input is called in messages (`categories`, `request`, …).
    public let root: String
    /// What is wrong and what to do about it, without the location.
    public let problem: String

    /// Creates an error at `path` below `root`.
    public init(_ kind: ErrorName, at path: [PathComponent] = [], root: String = "", _ problem: String) {
        self.kind = kind
        self.path = path
        self.root = root
        self.problem = problem
    }

    /// The D-Bus error name suffix, e.g. `InvalidCategory`.
    public var name: String { kind.rawValue }

    /// The location as written in messages, e.g. `categories[0].actions[1].title`.
    public var field: String { PathComponent.format(path, root: root) }

    /// The full message: location, then the problem.
    public var message: String { field.isEmpty ? problem : "\(field): \(problem)" }

    /// `Name: message`, for logs.
    public var description: String { "\(name): \(message)" }

    /// The same error reported below another root (e.g. `categories`).
    public func rooted(at root: String) -> ModelError {
        ModelError(kind, at: path, root: root, problem)
    }

    /// The same error with `prefix` put in front of its path.
    public func nested(under prefix: [PathComponent]) -> ModelError {
        ModelError(kind, at: prefix + path, root: root, problem)
    }
}

/// Short name for ``ModelError/PathComponent`` inside the module.
typealias PathComponent = ModelError.PathComponent

extension ModelError {
    /// One step of a path into a JSON document: an object key or an array index.
    public enum PathComponent: Sendable, Hashable, Codable, CustomStringConvertible {
        /// An object key.
        case key(String)
        /// An array index, from 0.
        case index(Int)

        /// `.key`, `["odd key"]` or `[3]`.
        public var description: String {
            switch self {
            case .index(let i): return "[\(i)]"
            case .key(let k): return Self.isPlainKey(k) ? ".\(k)" : "[\"\(k)\"]"
            }
        }

        /// Formats a path, e.g. `categories[0].actions[1].title`; `root` prefixes paths that
        /// start with an index and stands alone for the empty path.
        public static func format(_ path: [PathComponent], root: String = "") -> String {
            guard let first = path.first else { return root }
            var text = ""
            if case .index = first { text = root }
            for (n, component) in path.enumerated() {
                let part = component.description
                text += (n == 0 && part.hasPrefix(".")) ? String(part.dropFirst()) : part
            }
            return text
        }

        /// Converts a `Codable` coding path (array positions become indices).
        public init(_ key: any CodingKey) {
            if let i = key.intValue, key.stringValue == "Index \(i)" {
                self = .index(i)
            } else {
                self = .key(key.stringValue)
            }
        }

        private static func isPlainKey(_ key: String) -> Bool {
            guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return key.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
            }
        }
    }
}

extension Array where Element == ModelError.PathComponent {
    /// Converts a `Codable` coding path.
    init(_ codingPath: [any CodingKey]) {
        self = codingPath.map(PathComponent.init)
    }
}
