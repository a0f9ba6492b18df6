#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read from the C library's `environ` rather than
/// through Foundation's `ProcessInfo`, which sets itself up at its first use: 0.4 ms of a
/// cold start that reads a few variables.
public enum ProcessEnvironment {
    /// Each variable's value by name.
    public static func read() -> [String: String] { variables(environ) }

    /// The variables of a list like `environ`, `NAME=value` strings up to a null pointer. Of a
    /// name set twice, the first, as `getenv` (and so libdbus) reads it, where Foundation keeps
    /// the last; an entry without `=`, or not in UTF-8, is no variable, as for Foundation.
    static func variables(_ entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        var variables: [String: String] = [:]
        var entry = entries
        while let pointer = entry?.pointee {
            // Split at the C string's first `=`, not a Swift string's: finding a Character
            // parses grapheme clusters, a fifth of a start's `main` before this.
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))),
               let name = String(validating: UnsafeRawBufferPointer(start: pointer, count: equals - pointer), as: UTF8.self),
               variables[name] == nil,
               let value = String(validatingCString: equals + 1) {
                variables[name] = value
            }
            entry = entry?.successor()
        }
        return variables
    }
}
