#ifndef USERNOTED_CONCURRENCY_HOOKS_H
#define USERNOTED_CONCURRENCY_HOOKS_H

/* Swift concurrency's global jobs, handed to a sink of our own instead of libdispatch's
   worker pool. The runtime exports these hooks (swift/Runtime/Concurrency.h); SwiftNIO and
   JavaScriptKit take over the global executor the same way. */

/// Receives a job the runtime would have put on its global executor, and how many
/// nanoseconds from now it may run (0: now). The sink must run it exactly once.
typedef void (*usernoted_global_job_sink)(void *_Nonnull job, unsigned long long delay_ns);

/// Sends every global job (now, after a delay, at a deadline) to `sink` from now on.
/// Call once, before any task starts.
void usernoted_take_over_global_jobs(usernoted_global_job_sink _Nonnull sink);

#endif
