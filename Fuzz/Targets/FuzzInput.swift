// Shared by every fuzz target: the bytes libFuzzer hands over, as the text a D-Bus string carries.

/// The input as text: D-Bus strings are UTF-8, so invalid bytes become U+FFFD as they would
/// never reach the daemon raw.
func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
}

/// Stops the run with `message` when `condition` is false (a finding, like a crash).
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
