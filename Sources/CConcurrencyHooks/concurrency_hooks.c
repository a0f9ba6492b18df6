#include "concurrency_hooks.h"

#include <limits.h>

#define SWIFTCC __attribute__((swiftcall))

/* The runtime's hook variables and clock; their types are the runtime's hook types. */
extern void *swift_task_enqueueGlobal_hook;
extern void *swift_task_enqueueGlobalWithDelay_hook;
extern void *swift_task_enqueueGlobalWithDeadline_hook;
SWIFTCC void swift_get_time(long long *seconds, long long *nanoseconds, int clock);

static usernoted_global_job_sink sink;

SWIFTCC static void enqueue(void *job, void *original) {
    (void)original;
    sink(job, 0);
}

SWIFTCC static void enqueue_after(unsigned long long delay, void *job, void *original) {
    (void)original;
    sink(job, delay);
}

/* The deadline is on the runtime's clock `clock` (continuous or suspending); the leeway
   (tsec, tnsec) is not used. A deadline past (or at) now is now; one too far to count in
   nanoseconds is never. */
SWIFTCC static void enqueue_at(long long sec, long long nsec, long long tsec, long long tnsec,
                               int clock, void *job, void *original) {
    (void)tsec, (void)tnsec, (void)original;
    long long now_sec, now_nsec;
    swift_get_time(&now_sec, &now_nsec, clock);
    if (sec < now_sec || (sec == now_sec && nsec <= now_nsec)) {
        sink(job, 0);
        return;
    }
    unsigned long long seconds = (unsigned long long)sec - (unsigned long long)now_sec;
    if (seconds >= ULLONG_MAX / 1000000000ULL) {
        sink(job, ULLONG_MAX);
        return;
    }
    sink(job, seconds * 1000000000ULL + (unsigned long long)nsec - (unsigned long long)now_nsec);
}

void usernoted_take_over_global_jobs(usernoted_global_job_sink job_sink) {
    sink = job_sink;
    swift_task_enqueueGlobal_hook = (void *)enqueue;
    swift_task_enqueueGlobalWithDelay_hook = (void *)enqueue_after;
    swift_task_enqueueGlobalWithDeadline_hook = (void *)enqueue_at;
}
