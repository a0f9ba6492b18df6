#ifndef USERNOTED_CLINUX_SHIM_H
#define USERNOTED_CLINUX_SHIM_H

/* Linux interfaces that Glibc's Swift module does not export. */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <pthread.h>
#include <linux/memfd.h>
#include <sys/random.h>

/* gettext (dgettext, bindtextdomain, bind_textdomain_codeset) and per-thread locales
   (newlocale, uselocale), for the apps' localized alerts. */
#include <libintl.h>
#include <locale.h>

/* The LC_MESSAGES category of the locale `name` ("" reads LC_ALL, LC_MESSAGES and LANG as
   setlocale does); (locale_t)0 when it is not installed. LC_MESSAGES_MASK is a macro Swift
   does not import. */
static inline locale_t usernoted_messages_locale(const char *name) {
    return newlocale(LC_MESSAGES_MASK, name, (locale_t)0);
}

/* A GNU extension <pthread.h> declares only under _GNU_SOURCE. */
int pthread_setname_np(pthread_t thread, const char *name);
/* And ones <sys/mman.h> and <unistd.h> declare only under _GNU_SOURCE. */
int memfd_create(const char *name, unsigned int flags);
pid_t gettid(void);

/* The CPUs a thread may run on, as sched_getaffinity reads them (glibc's cpu_set_t and its
   CPU_* macros need _GNU_SOURCE, and Swift imports no macro). */
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
typedef struct { unsigned long bits[1024 / (8 * sizeof(unsigned long))]; } usernoted_cpus;
enum { usernoted_cpu_bits = 8 * sizeof(unsigned long) };
/* GNU extensions <sched.h> and <pthread.h> declare only under _GNU_SOURCE (the second with
   glibc's cpu_set_t, which has usernoted_cpus's layout). */
int sched_getcpu(void);
int pthread_attr_setaffinity_np(pthread_attr_t *attr, size_t size, const usernoted_cpus *cpus);

/* The CPUs the calling thread may run on into `cpus`; 0 when they cannot be read. */
static inline int usernoted_get_cpus(usernoted_cpus *cpus) {
    *cpus = (usernoted_cpus){{0}};
    return syscall(SYS_sched_getaffinity, 0, sizeof cpus->bits, cpus->bits) > 0;
}

/* Whether `cpu` is among `cpus`. */
static inline int usernoted_cpus_have(const usernoted_cpus *cpus, int cpu) {
    return cpu >= 0 && cpu < 1024 && ((cpus->bits[cpu / usernoted_cpu_bits] >> (cpu % usernoted_cpu_bits)) & 1);
}

/* How many CPUs `cpus` has. */
static inline int usernoted_cpus_count(const usernoted_cpus *cpus) {
    int count = 0;
    for (unsigned i = 0; i < sizeof cpus->bits / sizeof cpus->bits[0]; i++) count += __builtin_popcountl(cpus->bits[i]);
    return count;
}

/* Lets the calling thread run on `cpus`; 0 when it cannot. */
static inline int usernoted_set_cpus(const usernoted_cpus *cpus) {
    return syscall(SYS_sched_setaffinity, 0, sizeof cpus->bits, cpus->bits) == 0;
}

/* Makes `attr` start a thread on the calling thread's CPUs but `cpu`, writing the calling
   thread's CPUs into `before`; 0 when nothing changed: `cpu` is not among them or is the only
   one, or they cannot be read or set. */
static inline int usernoted_attr_avoid_cpu(pthread_attr_t *attr, int cpu, usernoted_cpus *before) {
    if (!usernoted_get_cpus(before) || !usernoted_cpus_have(before, cpu) || usernoted_cpus_count(before) < 2) return 0;
    usernoted_cpus others = *before;
    others.bits[cpu / usernoted_cpu_bits] &= ~(1UL << (cpu % usernoted_cpu_bits));
    return pthread_attr_setaffinity_np(attr, sizeof others.bits, &others) == 0;
}

/* How many threads the machine has runnable right now (the fourth field of /proc/loadavg,
   the caller among them), or -1. */
static inline int usernoted_runnable_threads(void) {
    FILE *file = fopen("/proc/loadavg", "re");
    if (!file) return -1;
    int running = -1;
    if (fscanf(file, "%*s %*s %*s %d/", &running) != 1) running = -1;
    fclose(file);
    return running;
}

#endif
