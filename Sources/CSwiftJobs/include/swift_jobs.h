#ifndef USERNOTED_SWIFT_JOBS_H
#define USERNOTED_SWIFT_JOBS_H

/// Runs a Swift concurrency job as the runtime's default executor does: on the generic
/// executor (`swift_job_run` with an empty executor reference), so that a task without an
/// executor preference moves between nonisolated code and free actors without re-enqueuing.
void usernoted_run_job(void *_Nonnull job);

#endif
