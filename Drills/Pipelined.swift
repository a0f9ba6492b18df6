/// Runs `body` for 0..<count with at most `window` calls under way at once.
func pipelined(_ count: Int, window: Int, _ body: @escaping @Sendable (Int) async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<count {
            if index >= window { try await group.next() }
            group.addTask { try await body(index) }
        }
        try await group.waitForAll()
    }
}
