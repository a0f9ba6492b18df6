#include "swift_jobs.h"

#include <stdint.h>

/* The runtime's SerialExecutorRef (swift/ABI/Executor.h): two words, both zero for the
   generic executor. */
typedef struct {
    void *identity;
    uintptr_t implementation;
} executor_ref;

__attribute__((swiftcall)) void swift_job_run(void *job, executor_ref executor);

void usernoted_run_job(void *job) {
    executor_ref generic = {0, 0};
    swift_job_run(job, generic);
}
