// libcanberra's functions that FreedesktopNotifications calls, each forwarding to the loaded
// library (hidden, like the others).
#pragma GCC visibility push(hidden)
#include <canberra.h>
#include <CLoadOnUse.h>
#define LIBRARY load_on_use_canberra

ON_USE(int, ca_context_create, (ca_context **c), (c))
ON_USE(int, ca_context_destroy, (ca_context *c), (c))
ON_USE(int, ca_context_change_props_full, (ca_context *c, ca_proplist *p), (c, p))
ON_USE(int, ca_context_play_full, (ca_context *c, uint32_t id, ca_proplist *p, ca_finish_callback_t cb, void *userdata),
       (c, id, p, cb, userdata))
ON_USE(int, ca_proplist_create, (ca_proplist **p), (p))
ON_USE(int, ca_proplist_destroy, (ca_proplist *p), (p))
ON_USE(int, ca_proplist_sets, (ca_proplist *p, const char *key, const char *value), (p, key, value))
ON_USE(const char *, ca_strerror, (int code), (code))
