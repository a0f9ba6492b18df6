#ifndef USERNOTED_CLINUX_SHIM_H
#define USERNOTED_CLINUX_SHIM_H

/* Linux interfaces that Glibc's Swift module does not export. */
#include <sys/timerfd.h>

#endif
