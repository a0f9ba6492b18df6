import EventLoop
import Synchronization
import Testing

/// A result that arrives once: awaited, or called back, before or after it is known.
@Suite struct FutureTests {
    struct Failure: Error {}

    @Test func theFirstResultCountsForEveryoneWaitingAndEveryoneAfter() async throws {
        let future = Future<Int>()
        let heard = Mutex<[Int]>([])
        future.whenResolved { result in heard.withLock { $0.append((try? result.get()) ?? -1) } }
        async let awaited = future.value
        future.resolve(.success(7))
        future.resolve(.success(8))
        #expect(try await awaited == 7)
        #expect(try await future.value == 7)
        future.whenResolved { result in heard.withLock { $0.append((try? result.get()) ?? -1) } }
        #expect(heard.withLock { $0 } == [7, 7])
    }

    @Test func aFailureIsThrownByValue() async {
        let future = Future<Void>(.failure(Failure()))
        await #expect(throws: Failure.self) { try await future.value }
    }
}
