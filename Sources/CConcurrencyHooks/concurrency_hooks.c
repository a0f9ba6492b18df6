#include "concurrency_hooks.h"

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
   (tsec, tnsec) is not used. */
SWIFTCC static void enqueue_at(long long sec, long long nsec, long long tsec, long long tnsec,
                               int clock, void *job, void *original) {
    (void)tsec, (void)tnsec, (void)original;
    long long now_sec, now_nsec;
    swift_get_time(&now_sec, &now_nsec, clock);
    long long delay = (sec - now_sec) * 1000000000LL + (nsec - now_nsec);
    sink(job, delay > 0 ? (unsigned long long)delay : 0);
}

void usernoted_take_over_global_jobs(usernoted_global_job_sink job_sink) {
    sink = job_sink;
    swift_task_enqueueGlobal_hook = (void *)enqueue;
    swift_task_enqueueGlobalWithDelay_hook = (void *)enqueue_after;
    swift_task_enqueueGlobalWithDeadline_hook = (void *)enqueue_at;
}
