/// An option set written in JSON as an array of option names (`["foreground", "destructive"]`).
public protocol NamedOptions: OptionSet, Sendable, Hashable where RawValue == UInt8, Element == Self {
    /// Every option with its JSON name, in the order names are written.
    static var allNamed: [(name: String, option: Self)] { get }
    /// The error kind for an unknown name.
    static var errorKind: ErrorName { get }
    /// What the options belong to, for messages ("action", "category").
    static var owner: String { get }
}

extension NamedOptions {
    /// The JSON names of the options in this set, in canonical order.
    public var names: [String] {
        Self.allNamed.filter { contains($0.option) }.map(\.name)
    }

    /// The known option names, for messages.
    public static var knownNames: [String] { allNamed.map(\.name) }

    /// The set named by `names`; an unknown name is an error listing the known ones.
    public init(names: [String], at path: [ModelError.PathComponent] = []) throws(ModelError) {
        self = []
        for (index, name) in names.enumerated() {
            guard let entry = Self.allNamed.first(where: { $0.name == name }) else {
                var problem = "unknown \(Self.owner) option '\(name)'"
                if let guess = closestMatch(to: name, among: Self.knownNames) { problem += " (did you mean '\(guess)'?)" }
                problem += "; known options: " + Self.knownNames.joined(separator: ", ")
                throw ModelError(Self.errorKind, at: path + [.index(index)], problem)
            }
            insert(entry.option)
        }
    }

    /// Decodes an array of names (shared by the conforming types' `init(from:)`).
    static func decodeNames(from decoder: any Decoder) throws -> Self {
        let names = try decoder.singleValueContainer().decode([String].self)
        return try Self(names: names, at: [PathComponent](decoder.codingPath))
    }

    /// Encodes as an array of names (shared by the conforming types' `encode(to:)`).
    func encodeNames(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }
}
