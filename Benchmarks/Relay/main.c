/* bench-relay: usernoted's design with nothing but what it must do, in one C thread on libdbus and
 * SQLite: the floor of P1-floor, P2-floor and P3-floor. Owns io.github.usernoted on the session bus
 * (DBUS_SESSION_BUS_ADDRESS) and serves at /io/github/usernoted what bench-raw-client calls there:
 * - Center1.Post(s app, s category, s title, s body) -> s request_id: checks the signature, the
 *   strings' UTF-8 (the daemon's own pass; libdbus checked them too) and a non-empty app; writes the
 *   request's canonical JSON (what the daemon stores for a plain request) in a `delivered` row; once
 *   that is committed, replies with the request id and sends the Notify usernoted sends for a request
 *   without a category (actions and hints as bench-raw-client's raw Notify), not waiting for it. The
 *   server's id for it is written with the next transaction, or alone 10 ms later.
 * - Center1.RegisterHandler(s app, o path): the caller serves Handler1 for app at path.
 * - the server's ActionInvoked(u id, s key): calls Handler1.DidReceive(s response_json) with the
 *   response's canonical JSON and appends it to `outbox` in the same turn (the daemon too sends it
 *   while its insert commits). The answer deletes the row; "dismiss" also closes the notification.
 * Commits are grouped as the daemon's WriteBatch groups them: what one read from the bus brought
 * shares one transaction (the daemon's tables; WAL, synchronous=NORMAL, statements prepared once),
 * and the replies it holds go out once that is committed.
 *   bench-relay DATABASE   (the SQLite file, created if missing)
 * Runs until SIGTERM or SIGINT, then prints its counts on stderr and exits 0; exits 1 when it cannot
 * own the name or open the store, or when the bus goes away. */
#define _GNU_SOURCE
#include <dbus/dbus.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NAME "io.github.usernoted"
#define PATH "/io/github/usernoted"
#define CENTER "io.github.usernoted.Center1"
#define NS "org.freedesktop.Notifications"
#define RING (1u << 16)

static volatile sig_atomic_t stopping;
static void on_signal(int s) { (void)s, stopping = 1; }
static long long now_ns(clockid_t clock) { struct timespec t; clock_gettime(clock, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
static void out_of_memory(void) { fprintf(stderr, "bench-relay: out of memory\n"); exit(1); }

/* A post the relay has answered: what its response needs (a slot per post, RING posts kept). */
static struct post { char *app, *request_json; char id[37]; dbus_uint32_t server_id; } posts[RING];
static unsigned post_count, by_server[RING]; /* by_server: server id -> post index + 1 */
/* Calls whose reply is due, by serial: a Notify (its post) or a DidReceive (its outbox row). */
static struct due { dbus_uint32_t serial; int did_receive; unsigned post; sqlite3_int64 seq; } due[RING];
/* The one handler each app registered (the bench has one or two apps). */
static struct handler { char *app, *bus_name, *path; } handlers[16];
static int handler_count, in_tx;
/* What the open transaction holds back until it commits: a call, its reply, and a post's Notify and index (else NULL, -1). */
static struct held { DBusMessage *call, *reply, *notify; long post; } batch[RING];
static size_t held_count;
/* Server ids heard since the last commit: posts whose server_id is not written yet. */
static unsigned unsaved[RING], unsaved_count;
static long long unsaved_since;
static unsigned long refused, responses, commits;

static sqlite3 *db;
static sqlite3_stmt *begin_st, *commit_st, *insert_delivered, *set_server_id, *insert_outbox, *delete_outbox, *insert_handler;

/* Appends s to *p as a JSON string, escaped as the daemon's PlainRequestJSON escapes it. */
static void json_string(char **p, const char *s) {
    static const char hex[] = "0123456789abcdef", pairs[] = "\"\"\\\\\bb\ff\nn\rr\tt";
    *(*p)++ = '"';
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != '"' && c != '\\') { *(*p)++ = (char)c; continue; }
        *(*p)++ = '\\';
        const char *pair = c ? strchr(pairs, c) : NULL; /* c < 0x20 or '"' or '\\': at an even place */
        if (pair) { *(*p)++ = pair[1]; continue; }
        memcpy(*p, "u00", 3);
        (*p)[3] = hex[c >> 4], (*p)[4] = hex[c & 15], *p += 5;
    }
    *(*p)++ = '"';
}

/* The ISO 8601 UTC date of now, with milliseconds, as the daemon writes dates. */
static void iso_date(char out[32]) {
    long long ms = now_ns(CLOCK_REALTIME) / 1000000;
    struct tm tm;
    gmtime_r(&(time_t){ms / 1000}, &tm);
    size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out + n, 32 - n, ".%03dZ", (int)(ms % 1000));
}

/* Whether s is well-formed UTF-8; its length in bytes goes to *len. */
static int valid_utf8(const char *s, size_t *len) {
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p, n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        if (!n) return 0;
        for (unsigned k = 1; k < n; k++) if ((p[k] & 0xc0) != 0x80) return 0;
        if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] > 0x9f) || (c == 0xf0 && p[1] < 0x90) || (c == 0xf4 && p[1] > 0x8f))
            return 0; /* overlong, surrogate, past U+10FFFF */
        p += n;
    }
    return *len = (size_t)(p - (const unsigned char *)s), 1;
}

static int step(sqlite3_stmt *st) { int rc = sqlite3_step(st); sqlite3_reset(st); return rc == SQLITE_DONE; }
static void send_now(DBusConnection *c, DBusMessage *m, dbus_uint32_t *serial) {
    if (!m || !dbus_connection_send(c, m, serial)) out_of_memory();
    dbus_message_unref(m);
}

/* Messages are built as the daemon's DBus module builds them, the body before the header fields:
 * libdbus rewrites the signature field after each argument, cheap while it is the only field. */
static DBusMessage *new_message(int type) { DBusMessage *m = dbus_message_new(type); if (!m) out_of_memory(); return m; }
static DBusMessage *call_to(DBusMessage *m, const char *destination, const char *path, const char *interface, const char *member) {
    if (!dbus_message_set_path(m, path) || !dbus_message_set_interface(m, interface) || !dbus_message_set_member(m, member) ||
        !dbus_message_set_destination(m, destination)) out_of_memory();
    return m;
}
static DBusMessage *reply_to(DBusMessage *m, DBusMessage *call) {
    dbus_message_set_no_reply(m, TRUE);
    if (!dbus_message_set_reply_serial(m, dbus_message_get_serial(call)) || !dbus_message_set_destination(m, dbus_message_get_sender(call)))
        out_of_memory();
    return m;
}

static DBusHandlerResult refuse(DBusConnection *c, DBusMessage *m, const char *name, const char *text) {
    send_now(c, dbus_message_new_error(m, name, text), NULL), refused++;
    return DBUS_HANDLER_RESULT_HANDLED;
}

static void track(dbus_uint32_t serial, int did_receive, unsigned post, sqlite3_int64 seq) {
    due[serial & (RING - 1)] = (struct due){serial, did_receive, post, seq};
}

/* Opens the transaction (when none is open) and writes the server ids heard meanwhile. */
static int begin(void) {
    if (in_tx) return 1;
    if (!step(begin_st)) return 0;
    in_tx = 1;
    for (unsigned i = 0; i < unsaved_count; i++) {
        struct post *p = &posts[unsaved[i] & (RING - 1)];
        sqlite3_bind_int64(set_server_id, 1, p->server_id);
        sqlite3_bind_text(set_server_id, 2, p->app, -1, SQLITE_STATIC);
        sqlite3_bind_text(set_server_id, 3, p->id, 36, SQLITE_STATIC);
        step(set_server_id);
    }
    unsaved_count = 0;
    return 1;
}

/* The Notify usernoted sends for a plain request without a category. */
static DBusMessage *notify_call(const struct post *p, const char *title, const char *body) {
    DBusMessage *m = new_message(DBUS_MESSAGE_TYPE_METHOD_CALL);
    DBusMessageIter args, array, entry, variant;
    const char *icon = "", *action_list[] = {"default", "Open"}, **actions = action_list, *app = p->app, *id = p->id;
    const char *keys[] = {"desktop-entry", "urgency", "suppress-sound", "x-usernoted-request"};
    dbus_uint32_t replaces = 0;
    dbus_int32_t timeout = -1;
    unsigned char urgency = 1;
    dbus_bool_t yes = TRUE;
    dbus_message_append_args(m, DBUS_TYPE_STRING, &app, DBUS_TYPE_UINT32, &replaces, DBUS_TYPE_STRING, &icon, DBUS_TYPE_STRING, &title,
                             DBUS_TYPE_STRING, &body, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &actions, 2, DBUS_TYPE_INVALID);
    dbus_message_iter_init_append(m, &args);
    dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &array);
    for (int k = 0; k < 4; k++) {
        dbus_message_iter_open_container(&array, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
        dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &keys[k]);
        const char *sig = k == 1 ? "y" : k == 2 ? "b" : "s";
        dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, sig, &variant);
        if (k == 1) dbus_message_iter_append_basic(&variant, DBUS_TYPE_BYTE, &urgency);
        else if (k == 2) dbus_message_iter_append_basic(&variant, DBUS_TYPE_BOOLEAN, &yes);
        else dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, k == 0 ? &app : &id);
        dbus_message_iter_close_container(&entry, &variant);
        dbus_message_iter_close_container(&array, &entry);
    }
    dbus_message_iter_close_container(&args, &array);
    dbus_message_iter_append_basic(&args, DBUS_TYPE_INT32, &timeout);
    return call_to(m, NS, "/org/freedesktop/Notifications", NS, "Notify");
}

static void hold(DBusMessage *call, DBusMessage *reply, DBusMessage *notify, long post) {
    if (held_count == RING) out_of_memory(); /* one read from the bus brings a few kilobytes */
    batch[held_count++] = (struct held){dbus_message_ref(call), reply, notify, post};
}

static DBusHandlerResult post_call(DBusConnection *c, DBusMessage *m) {
    const char *s[4];
    size_t len[4];
    if (!dbus_message_get_args(m, NULL, DBUS_TYPE_STRING, &s[0], DBUS_TYPE_STRING, &s[1], DBUS_TYPE_STRING, &s[2],
                               DBUS_TYPE_STRING, &s[3], DBUS_TYPE_INVALID) || !dbus_message_has_signature(m, "ssss"))
        return refuse(c, m, DBUS_ERROR_INVALID_ARGS, "Post takes (ssss)");
    for (int i = 0; i < 4; i++)
        if (!valid_utf8(s[i], &len[i])) return refuse(c, m, DBUS_ERROR_INVALID_ARGS, "not UTF-8");
    if (!len[0]) return refuse(c, m, DBUS_ERROR_INVALID_ARGS, "empty app id");
    if (!begin()) return refuse(c, m, DBUS_ERROR_FAILED, sqlite3_errmsg(db));
    unsigned index = post_count++;
    struct post *p = &posts[index & (RING - 1)];
    free(p->app), free(p->request_json);
    if (!(p->app = strdup(s[0])) || !(p->request_json = malloc(6 * (len[1] + len[2] + len[3]) + 256))) out_of_memory();
    p->server_id = 0;
    snprintf(p->id, sizeof p->id, "%08x-%04x-4%03x-8%03x-%012llx", (unsigned)getpid(), (unsigned)(index >> 16) & 0xffff,
             (unsigned)(index >> 4) & 0xfff, (unsigned)index & 0xfff, (unsigned long long)now_ns(CLOCK_REALTIME) & 0xffffffffffffULL);
    char *j = p->request_json;
    j += sprintf(j, "{\"content\":{\"body\":"), json_string(&j, s[3]);
    j += sprintf(j, ",\"categoryIdentifier\":"), json_string(&j, s[1]);
    j += sprintf(j, ",\"interruptionLevel\":\"active\",\"subtitle\":\"\",\"threadIdentifier\":\"\",\"title\":"), json_string(&j, s[2]);
    j += sprintf(j, ",\"userInfo\":{}},\"identifier\":\"%s\"}", p->id);
    sqlite3_bind_text(insert_delivered, 1, p->app, (int)len[0], SQLITE_STATIC);
    sqlite3_bind_text(insert_delivered, 2, p->id, 36, SQLITE_STATIC);
    sqlite3_bind_text(insert_delivered, 3, p->request_json, (int)(j - p->request_json), SQLITE_STATIC);
    sqlite3_bind_double(insert_delivered, 4, now_ns(CLOCK_REALTIME) / 1e9);
    if (!step(insert_delivered)) return refuse(c, m, DBUS_ERROR_FAILED, sqlite3_errmsg(db));
    DBusMessage *reply = new_message(DBUS_MESSAGE_TYPE_METHOD_RETURN);
    const char *id = p->id;
    if (!dbus_message_append_args(reply, DBUS_TYPE_STRING, &id, DBUS_TYPE_INVALID)) out_of_memory();
    /* The Notify is built now, while the title and body are at hand, and sent after the commit. */
    hold(m, reply_to(reply, m), notify_call(p, s[2], s[3]), (long)index);
    return DBUS_HANDLER_RESULT_HANDLED;
}

static int find_handler(const char *app) {
    int k = 0;
    while (k < handler_count && strcmp(handlers[k].app, app)) k++;
    return k;
}

static DBusHandlerResult register_handler(DBusConnection *c, DBusMessage *m) {
    const char *app, *path;
    if (!dbus_message_get_args(m, NULL, DBUS_TYPE_STRING, &app, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID))
        return refuse(c, m, DBUS_ERROR_INVALID_ARGS, "RegisterHandler takes (so)");
    int k = find_handler(app);
    if (k == 16) return refuse(c, m, DBUS_ERROR_LIMITS_EXCEEDED, "too many handlers");
    if (k == handler_count) handlers[handler_count++].app = strdup(app);
    free(handlers[k].bus_name), free(handlers[k].path);
    handlers[k].bus_name = strdup(dbus_message_get_sender(m)), handlers[k].path = strdup(path);
    if (!begin()) return refuse(c, m, DBUS_ERROR_FAILED, sqlite3_errmsg(db));
    sqlite3_bind_text(insert_handler, 1, app, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert_handler, 2, handlers[k].bus_name, -1, SQLITE_STATIC);
    sqlite3_bind_text(insert_handler, 3, path, -1, SQLITE_STATIC);
    if (!step(insert_handler)) return refuse(c, m, DBUS_ERROR_FAILED, sqlite3_errmsg(db));
    hold(m, reply_to(new_message(DBUS_MESSAGE_TYPE_METHOD_RETURN), m), NULL, -1);
    return DBUS_HANDLER_RESULT_HANDLED;
}

/* ActionInvoked: DidReceive to the app's handler now, its outbox row in this turn's commit. */
static void action_invoked(DBusConnection *c, DBusMessage *m) {
    dbus_uint32_t server_id;
    const char *key;
    if (!dbus_message_get_args(m, NULL, DBUS_TYPE_UINT32, &server_id, DBUS_TYPE_STRING, &key, DBUS_TYPE_INVALID)) return;
    unsigned slot = by_server[server_id & (RING - 1)];
    if (!slot) return;
    struct post *p = &posts[(slot - 1) & (RING - 1)];
    if (p->server_id != server_id) return;
    int k = find_handler(p->app);
    if (k == handler_count) return; /* the daemon would start the app or keep the response */
    char date[32];
    size_t size = strlen(p->request_json) + 6 * (strlen(key) + strlen(p->app)) + 160;
    char *json = malloc(size), *j = json;
    if (!json) out_of_memory();
    j += sprintf(j, "{\"actionIdentifier\":"), json_string(&j, key);
    j += sprintf(j, ",\"appId\":"), json_string(&j, p->app);
    iso_date(date);
    j += sprintf(j, ",\"date\":\"%s\",\"notification\":%s,\"requestId\":\"%s\"}", date, p->request_json, p->id);
    DBusMessage *call = new_message(DBUS_MESSAGE_TYPE_METHOD_CALL);
    const char *text = json;
    if (!dbus_message_append_args(call, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID)) out_of_memory();
    call_to(call, handlers[k].bus_name, handlers[k].path, "io.github.usernoted.Handler1", "DidReceive");
    dbus_uint32_t serial = 0;
    send_now(c, call, &serial);
    responses++;
    sqlite3_int64 seq = 0;
    if (begin()) {
        sqlite3_bind_text(insert_outbox, 1, p->app, -1, SQLITE_STATIC);
        sqlite3_bind_text(insert_outbox, 2, json, (int)(j - json), SQLITE_STATIC);
        sqlite3_bind_double(insert_outbox, 3, now_ns(CLOCK_REALTIME) / 1e9);
        if (step(insert_outbox)) seq = sqlite3_last_insert_rowid(db);
    }
    free(json);
    track(serial, 1, (unsigned)(slot - 1), seq);
}

/* A reply to a Notify or a DidReceive this relay sent. */
static void reply_heard(DBusConnection *c, DBusMessage *m, struct due *slot) {
    struct due copy = *slot, *d = &copy;
    *slot = (struct due){0};
    if (dbus_message_get_type(m) != DBUS_MESSAGE_TYPE_METHOD_RETURN) return; /* the daemon would retry */
    struct post *p = &posts[d->post & (RING - 1)];
    if (!d->did_receive) {
        if (!dbus_message_get_args(m, NULL, DBUS_TYPE_UINT32, &p->server_id, DBUS_TYPE_INVALID)) return;
        by_server[p->server_id & (RING - 1)] = d->post + 1;
        if (!unsaved_count) unsaved_since = now_ns(CLOCK_MONOTONIC);
        if (unsaved_count < RING) unsaved[unsaved_count++] = d->post;
        return;
    }
    if (d->seq && begin()) sqlite3_bind_int64(delete_outbox, 1, d->seq), step(delete_outbox);
    const char *disposition = "";
    dbus_message_get_args(m, NULL, DBUS_TYPE_STRING, &disposition, DBUS_TYPE_INVALID);
    if (strcmp(disposition, "dismiss") == 0 && p->server_id) {
        DBusMessage *close = new_message(DBUS_MESSAGE_TYPE_METHOD_CALL);
        if (!dbus_message_append_args(close, DBUS_TYPE_UINT32, &p->server_id, DBUS_TYPE_INVALID)) out_of_memory();
        call_to(close, NS, "/org/freedesktop/Notifications", NS, "CloseNotification");
        dbus_message_set_no_reply(close, TRUE);
        send_now(c, close, NULL);
    }
}

static DBusHandlerResult on_message(DBusConnection *c, DBusMessage *m, void *data) {
    (void)data;
    switch (dbus_message_get_type(m)) {
    case DBUS_MESSAGE_TYPE_METHOD_CALL:
        if (!dbus_message_has_path(m, PATH) || !dbus_message_has_interface(m, CENTER)) break;
        if (dbus_message_has_member(m, "Post")) return post_call(c, m);
        if (dbus_message_has_member(m, "RegisterHandler")) return register_handler(c, m);
        break;
    case DBUS_MESSAGE_TYPE_SIGNAL:
        if (dbus_message_is_signal(m, NS, "ActionInvoked")) action_invoked(c, m);
        break;
    default: {
        dbus_uint32_t serial = dbus_message_get_reply_serial(m);
        if (!serial || due[serial & (RING - 1)].serial != serial) break;
        return reply_heard(c, m, &due[serial & (RING - 1)]), DBUS_HANDLER_RESULT_HANDLED;
    }
    }
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

/* Commits the open transaction, then sends what it held back: replies, and each post's Notify. */
static void flush(DBusConnection *c) {
    if (!in_tx) return;
    int ok = step(commit_st);
    if (!ok) sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    in_tx = 0, commits += ok;
    for (size_t i = 0; i < held_count; i++) {
        struct held *h = &batch[i];
        dbus_uint32_t serial = 0;
        if (ok) send_now(c, h->reply, NULL);
        else refuse(c, h->call, DBUS_ERROR_FAILED, "commit failed"), dbus_message_unref(h->reply);
        if (h->notify && ok) send_now(c, h->notify, &serial), track(serial, 0, (unsigned)h->post, 0);
        else if (h->notify) dbus_message_unref(h->notify);
        dbus_message_unref(h->call);
    }
    held_count = 0;
}

static int prepare(const char *sql, sqlite3_stmt **st) {
    return sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, st, NULL) == SQLITE_OK;
}

static int open_store(const char *path) {
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) return 0;
    const char *schema =
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
        "CREATE TABLE IF NOT EXISTS handler (app_id TEXT PRIMARY KEY, bus_name TEXT NOT NULL, path TEXT NOT NULL, argv_json TEXT);"
        "CREATE TABLE IF NOT EXISTS delivered (app_id TEXT NOT NULL, identifier TEXT NOT NULL, request_json TEXT NOT NULL,"
        " category_json TEXT, server_id INTEGER, delivered_at REAL NOT NULL, PRIMARY KEY (app_id, identifier));"
        "CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, app_id TEXT NOT NULL,"
        " response_json TEXT NOT NULL, created_at REAL NOT NULL);"
        "CREATE INDEX IF NOT EXISTS outbox_by_app ON outbox (app_id, seq);";
    return sqlite3_exec(db, schema, NULL, NULL, NULL) == SQLITE_OK && prepare("BEGIN", &begin_st) && prepare("COMMIT", &commit_st) &&
           prepare("INSERT INTO delivered (app_id, identifier, request_json, delivered_at) VALUES (?, ?, ?, ?)", &insert_delivered) &&
           prepare("UPDATE delivered SET server_id = ? WHERE app_id = ? AND identifier = ?", &set_server_id) &&
           prepare("INSERT INTO outbox (app_id, response_json, created_at) VALUES (?, ?, ?)", &insert_outbox) &&
           prepare("DELETE FROM outbox WHERE seq = ?", &delete_outbox) &&
           prepare("INSERT OR REPLACE INTO handler (app_id, bus_name, path) VALUES (?, ?, ?)", &insert_handler);
}

static int fail(const char *what, const char *why) {
    fprintf(stderr, "bench-relay: %s: %s\n", what, why);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2) return fail("usage", "bench-relay DATABASE"), 64;
    struct sigaction sa = {.sa_handler = on_signal};
    sigaction(SIGTERM, &sa, NULL), sigaction(SIGINT, &sa, NULL);
    if (!open_store(argv[1])) return fail(argv[1], sqlite3_errmsg(db));
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *c = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!c) return fail("session bus", error.message);
    dbus_connection_set_exit_on_disconnect(c, FALSE);
    dbus_connection_add_filter(c, on_message, NULL, NULL);
    dbus_bus_add_match(c, "type='signal',interface='" NS "',member='ActionInvoked'", &error);
    if (dbus_bus_request_name(c, NAME, DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER)
        return fail(NAME, "cannot own it");
    /* Read what the bus has (waiting at most until the unsaved server ids are due), dispatch
     * all of it, then commit what it brought and send what that held back. */
    int connected = 1;
    while (!stopping) {
        int wait = 1000;
        if (unsaved_count) {
            long long left = (unsaved_since + 10999999LL - now_ns(CLOCK_MONOTONIC)) / 1000000; /* ms, rounded up */
            wait = left < 0 ? 0 : (int)left;
        }
        if (dbus_connection_get_dispatch_status(c) != DBUS_DISPATCH_DATA_REMAINS && !(connected = dbus_connection_read_write(c, wait)))
            break;
        while (dbus_connection_dispatch(c) == DBUS_DISPATCH_DATA_REMAINS) {}
        if (unsaved_count && now_ns(CLOCK_MONOTONIC) - unsaved_since >= 10000000LL) begin();
        flush(c);
    }
    fprintf(stderr, "bench-relay: posts %u responses %lu refused %lu commits %lu\n", post_count, responses, refused, commits);
    if (connected) { dbus_connection_flush(c); dbus_connection_close(c); }
    dbus_connection_unref(c), sqlite3_close_v2(db);
    return connected ? 0 : 1;
}
