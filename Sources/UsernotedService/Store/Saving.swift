import UsernotedAPI

/// Runs a store operation for a call; a failure becomes a named error saying nothing was changed
/// (or, `reading`, that it could not be read).
func saving<T>(
    _ what: String, reading: Bool = false, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
) async throws(CenterError) -> T {
    do {
        return try await body()
    } catch let error as CenterError {
        throw error
    } catch is WriteBatch.Closed {
        throw CenterError(.storageFailed, "cannot save \(what): usernoted is stopping, so nothing was changed; call again once it is back")
    } catch {
        throw CenterError(.storageFailed, reading
            ? "cannot read \(what) from the state database: \(error)"
            : "cannot save \(what) to the state database, so nothing was changed: \(error); check that the state directory is writable and the disk not full")
    }
}
