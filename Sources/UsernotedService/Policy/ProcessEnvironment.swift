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
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry = entry?.successor()
        }
        return variables
    }
}
