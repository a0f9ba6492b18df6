#include "swift_jobs.h"

/* Entry points of the Swift runtime (libswift_Concurrency), Swift calling convention.
   Their declarations are not public headers; tests in LoopExecutorTests check this file's
   view of them against the running runtime. */
__attribute__((swiftcall)) void swift_job_run(void *job, usernoted_executor_ref executor);
__attribute__((swiftcall)) usernoted_executor_ref swift_task_getCurrentExecutor(void);

usernoted_executor_ref usernoted_generic_executor(void) {
    usernoted_executor_ref generic = {0, 0};
    return generic;
}

void usernoted_run_job(void *job) {
    swift_job_run(job, usernoted_generic_executor());
}

usernoted_executor_ref usernoted_current_executor(void) {
    return swift_task_getCurrentExecutor();
}
