#ifndef USERNOTED_CLINUX_SHIM_H
#define USERNOTED_CLINUX_SHIM_H

/* Linux interfaces that Glibc's Swift module does not export. */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <pthread.h>
#include <linux/memfd.h>

/* A GNU extension <pthread.h> declares only under _GNU_SOURCE. */
int pthread_setname_np(pthread_t thread, const char *name);
/* And one <sys/mman.h> declares only under _GNU_SOURCE. */
int memfd_create(const char *name, unsigned int flags);

#endif
