// What the forwarding definitions share: the symbol of a loaded library, looked up once.
#pragma once
#include "CLoadOnUse.h"

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
