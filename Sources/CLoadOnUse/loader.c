// dlopen on first use, each library once for the process; its symbols looked up once each.
#include <CLoadOnUse.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// A library's soname (the ABI its package provides: libmosquitto1, libglib2.0-0,
/// libcanberra0, libsqlite3-0), and once it was asked for, its handle or why there is none.
struct library {
    const char *soname;
    pthread_once_t once;
    void *handle;
    const char *why;
};

/// GIO's handle finds GObject's and GLib's functions too: dlsym searches a library's dependencies.
static struct library libraries[] = {
    [load_on_use_mosquitto] = {"libmosquitto.so.1", PTHREAD_ONCE_INIT, NULL, NULL},
    [load_on_use_gio] = {"libgio-2.0.so.0", PTHREAD_ONCE_INIT, NULL, NULL},
    [load_on_use_canberra] = {"libcanberra.so.0", PTHREAD_ONCE_INIT, NULL, NULL},
    [load_on_use_sqlite] = {"libsqlite3.so.0", PTHREAD_ONCE_INIT, NULL, NULL},
};

// pthread_once's routines take no argument: one per library.
static void open_library(struct library *library) {
    // Never closed: its functions may be called until the process exits. Global, as a library
    // the binary needed would be: the modules it loads itself (a sound backend, a settings
    // backend) find it the same way.
    library->handle = dlopen(library->soname, RTLD_NOW | RTLD_GLOBAL);
    if (!library->handle) library->why = strdup(dlerror());
    if (!library->handle && !library->why) library->why = "out of memory";
}
static void open_mosquitto(void) { open_library(&libraries[load_on_use_mosquitto]); }
static void open_gio(void) { open_library(&libraries[load_on_use_gio]); }
static void open_canberra(void) { open_library(&libraries[load_on_use_canberra]); }
static void open_sqlite(void) { open_library(&libraries[load_on_use_sqlite]); }
static void (*const openers[])(void) = {
    [load_on_use_mosquitto] = open_mosquitto,
    [load_on_use_gio] = open_gio,
    [load_on_use_canberra] = open_canberra,
    [load_on_use_sqlite] = open_sqlite,
};

const char *load_on_use(load_on_use_library library) {
    pthread_once(&libraries[library].once, openers[library]);
    return libraries[library].handle ? NULL : libraries[library].why;
}

void *load_on_use_symbol(load_on_use_library library, const char *name, void *_Atomic *cache) {
    void *symbol = *cache;
    if (symbol) return symbol;
    const char *why = load_on_use(library);
    if (why) {
        fprintf(stderr, "cannot call %s: %s\n", name, why);
        abort();
    }
    symbol = dlsym(libraries[library].handle, name);
    if (!symbol) {
        fprintf(stderr, "%s has no %s\n", libraries[library].soname, name);
        abort();
    }
    *cache = symbol;
    return symbol;
}
