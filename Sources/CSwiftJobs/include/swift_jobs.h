#ifndef USERNOTED_SWIFT_JOBS_H
#define USERNOTED_SWIFT_JOBS_H

#include <stdint.h>

/// The Swift runtime's `SerialExecutorRef` (swift/ABI/Executor.h) as this shim passes it:
/// two words, both zero for the generic executor.
typedef struct {
    void *_Nullable identity;
    uintptr_t implementation;
} usernoted_executor_ref;

/// Runs a Swift concurrency job as the runtime's default executor does: on the generic
/// executor (`swift_job_run` with an empty executor reference), so that a task without an
/// executor preference moves between nonisolated code and free actors without re-enqueuing.
void usernoted_run_job(void *_Nonnull job);

/// The executor reference `usernoted_run_job` passes to the runtime.
usernoted_executor_ref usernoted_generic_executor(void);

/// The runtime's executor for the code running now (`swift_task_getCurrentExecutor`), read
/// with the same layout: tests hold it against `usernoted_generic_executor()`.
usernoted_executor_ref usernoted_current_executor(void);

#endif
