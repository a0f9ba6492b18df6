// The desktop's C libraries that usernoted loads on first use rather than at every start:
// libmosquitto (push, usernotectl remote), GIO (desktop files, GNOME's settings) and
// libcanberra (sounds). Their functions keep their own names: the definitions in this module
// load the library the first time one of them is called and go on to its own.
#pragma once

/// The libraries loaded on first use.
typedef enum {
    load_on_use_mosquitto,
    load_on_use_gio,
    load_on_use_canberra,
} load_on_use_library;

/// Loads `library` the first time it is asked: NULL when it is loaded, else why it could not
/// be (dlerror's words, which name the file), the same each time after. Call it before the
/// library's first function, which aborts if the library cannot be loaded.
const char *load_on_use(load_on_use_library library);
