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

#endif
