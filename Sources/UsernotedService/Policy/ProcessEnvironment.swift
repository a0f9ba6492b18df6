#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables, read from the C library's `environ` rather than
/// through Foundation's `ProcessInfo`, which sets itself up at its first use: 0.4 ms of a
/// cold start that reads a few variables.
public enum ProcessEnvironment {
    /// Each variable's value by name.
    public static func read() -> [String: String] { variables(environ) }

    /// The variables of a list like `environ`, `NAME=value` strings up to a null pointer; of a
    /// name set twice, the first, as `getenv` reads it; an entry without `=` is no variable.
    static func variables(_ entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        var variables: [String: String] = [:]
        var entry = entries
        while let pointer = entry?.pointee {
            // Split at the C string's first `=`, not a Swift string's: finding a Character
            // parses grapheme clusters, a quarter of a start's `main` before this.
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
                let name = String(decoding: UnsafeRawBufferPointer(start: pointer, count: equals - pointer), as: UTF8.self)
                if variables[name] == nil { variables[name] = String(cString: equals + 1) }
            }
            entry = entry?.successor()
        }
        return variables
    }
}
