#ifndef USERNOTED_CLINUX_SHIM_H
#define USERNOTED_CLINUX_SHIM_H

/* Linux interfaces that Glibc's Swift module does not export. */
#include <sys/epoll.h>
#include <sys/timerfd.h>

#endif
