// The C libraries that usernoted loads on first use rather than at every start: libmosquitto
// (push, usernotectl remote), GIO (desktop files, GNOME's settings), libcanberra (sounds),
// and SQLite (the store, whose thread loads it while the loop thread connects to the bus).
// Their functions keep their own names: the definitions in CMosquittoOnUse, CGIOOnUse,
// CCanberraOnUse and CSQLiteOnUse load the library the first time one of them is called and
// go on to its own.
#pragma once

/// The libraries loaded on first use.
typedef enum {
    load_on_use_mosquitto,
    load_on_use_gio,
    load_on_use_canberra,
    load_on_use_sqlite,
} load_on_use_library;

/// Loads `library` the first time it is asked: NULL when it is loaded, else why it could not
/// be (dlerror's words, which name the file), the same each time after. Call it before the
/// library's first function, which aborts if the library cannot be loaded.
const char *load_on_use(load_on_use_library library);

// For the forwarding definitions of CMosquittoOnUse, CGIOOnUse, CCanberraOnUse and CSQLiteOnUse:

/// `name` in `library` (loading it first), cached in `cache`; aborts with a message if either
/// is missing, which only a caller that did not call load_on_use first can meet.
void *load_on_use_symbol(load_on_use_library library, const char *name, void *_Atomic *cache);

/// Defines `name` with the library's own prototype (the header's, which the compiler holds this
/// definition to) as a call of the library's function: `ON_USE(int, f, (int a), (a))`.
#define ON_USE(result, name, parameters, arguments)                                   \
    result name parameters {                                                          \
        static void *_Atomic cache;                                                   \
        return ((__typeof__(&name))load_on_use_symbol(LIBRARY, #name, &cache))arguments; \
    }
