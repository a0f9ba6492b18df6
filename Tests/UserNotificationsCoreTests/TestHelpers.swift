import UsernotedAPI
import Testing
@testable import UserNotificationsCore

/// Runs `body`, expecting a `ModelError`; records an issue and returns nil otherwise.
func modelError(
    _ body: () throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) -> ModelError? {
    do {
        try body()
        Issue.record("expected a ModelError, got success", sourceLocation: sourceLocation)
    } catch let error as ModelError {
        return error
    } catch {
        Issue.record("expected a ModelError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Expects `body` to fail with `kind`, and the message to contain every string in `mentions`.
@discardableResult
func expectModelError(
    _ kind: ErrorName, mentions: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> ModelError? {
    guard let error = modelError(body, sourceLocation: sourceLocation) else { return nil }
    #expect(error.kind == kind, "message: \(error.message)", sourceLocation: sourceLocation)
    #expect(error.name == kind.rawValue, sourceLocation: sourceLocation)
    for text in mentions {
        #expect(error.message.contains(text), "'\(text)' not in: \(error.message)", sourceLocation: sourceLocation)
    }
    return error
}
