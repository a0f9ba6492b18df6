import Synchronization

/// Makes a completion handler resume its continuation once, however often an app calls it.
final class CompletionOnce<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>

    /// Wraps `continuation`.
    init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = Mutex(continuation) }

    /// Resumes with `value` the first time; later calls do nothing.
    func complete(_ value: Value) {
        continuation.withLock { $0.take() }?.resume(returning: value)
    }
}
