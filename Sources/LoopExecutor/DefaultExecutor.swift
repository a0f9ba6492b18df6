@_spi(ExperimentalCustomExecutors) import _Concurrency
import EventLoop

/// The executors ``useLoopAsDefaultExecutor()`` installs: `LoopTaskExecutor.shared` by
/// default, the platform's main executor for the main actor.
private struct LoopExecutors: ExecutorFactory {
    static var mainExecutor: any MainExecutor { PlatformExecutorFactory.mainExecutor }
    static var defaultExecutor: any TaskExecutor { LoopTaskExecutor.shared }
}

/// Makes `LoopTaskExecutor.shared` the default executor: every task without another runs
/// on ``EventLoop/LoopThread/shared``, the thread bus connections run on by default, and so does every
/// `Task.sleep` that has no executor of its own. Call once, first thing in a synchronous
/// `main`, before any task exists.
public func useLoopAsDefaultExecutor() {
    _createExecutors(factory: LoopExecutors.self)
}
