/* bench-raw-client: the raw libdbus client the benchmarks measure usernoted against, and
 * the client side of the usernoted measures, so that both sides pay the same client cost.
 * Talks to the session bus (DBUS_SESSION_BUS_ADDRESS).
 *
 *   bench-raw-client latency notify N           N synchronous Notify calls to the server
 *   bench-raw-client latency post APP N         N synchronous Center1.Post calls to usernoted
 *   bench-raw-client latency ping N             N synchronous Peer.Ping round trips to the server
 *   bench-raw-client latency portal N           N synchronous AddNotification calls to xdg-desktop-portal
 *       print one round trip per line, in nanoseconds
 *   bench-raw-client screen notify N / screen post APP N / screen portal N
 *       the same calls, titled "screen-notify-I" / "screen-post-I" / "screen-portal-I"; print
 *       "TITLE SENT_MONOTONIC_NS" per call, for matching with the fake server's arrival log
 *   bench-raw-client throughput notify N WINDOW
 *   bench-raw-client throughput post APP N WINDOW
 *   bench-raw-client throughput add APP N WINDOW TEMPLATE START
 *       N calls with WINDOW of them in flight at any time; print "NANOSECONDS ERRORS".
 *       TEMPLATE is Add's request JSON, a printf format whose %1$d is START + the call's index.
 *   bench-raw-client actions APP N LOGFILE [START]
 *       serves Handler1 at /org/usernoted/Bench (RegisterHandler for APP), then N times: posts
 *       "bench-I" (I from START, default 0) for APP and waits for its DidReceive, logging "received TITLE MONOTONIC_NS"
 *       when it arrives (answering "dismiss").
 *   bench-raw-client portal-actions N LOGFILE [START]
 *       the same through xdg-desktop-portal: N times adds the notification "portal-action-I"
 *       (default action "open") and waits for the portal's ActionInvoked signal for it, logging
 *       "received TITLE MONOTONIC_NS" when it arrives.
 * A portal notification's id is its title, "@" and this process's id, so that no call
 * replaces an earlier one (every Post is a new request too). */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SERVER "org.freedesktop.Notifications"
#define DAEMON "io.github.usernoted"
#define DAEMON_PATH "/io/github/usernoted"
#define CENTER "io.github.usernoted.Center1"
#define HANDLER_PATH "/org/usernoted/Bench"
#define PORTAL "org.freedesktop.portal.Desktop"
#define PORTAL_PATH "/org/freedesktop/portal/desktop"
#define PORTAL_NOTIFICATION "org.freedesktop.portal.Notification"

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void fail(const char *what) {
    fprintf(stderr, "bench-raw-client: %s\n", what);
    exit(1);
}

/* What every call of a run needs to build its message. */
struct Calls {
    const char *kind;
    const char *app;
    const char *template;
    int start;
};

/* How calls are titled: "raw %d" for Notify and "bench-%d" for Post, unless a screen run sets it. */
static const char *title_format;

static DBusMessage *notify_call(int i) {
    char summary[64];
    snprintf(summary, sizeof summary, title_format ? title_format : "raw %d", i);
    const char *app = "org.usernoted.Bench", *icon = "", *text = summary, *body = "body";
    dbus_uint32_t replaces = 0;
    dbus_int32_t timeout = -1;
    DBusMessage *m = dbus_message_new_method_call(SERVER, "/org/freedesktop/Notifications", SERVER, "Notify");
    DBusMessageIter args, array, entry, variant;
    dbus_message_iter_init_append(m, &args);
    dbus_message_iter_append_basic(&args, DBUS_TYPE_STRING, &app);
    dbus_message_iter_append_basic(&args, DBUS_TYPE_UINT32, &replaces);
    dbus_message_iter_append_basic(&args, DBUS_TYPE_STRING, &icon);
    dbus_message_iter_append_basic(&args, DBUS_TYPE_STRING, &text);
    dbus_message_iter_append_basic(&args, DBUS_TYPE_STRING, &body);
    /* The same actions and hints usernoted sends for a request without a category. */
    const char *actions[] = {"default", "Open"};
    dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "s", &array);
    for (int k = 0; k < 2; k++) dbus_message_iter_append_basic(&array, DBUS_TYPE_STRING, &actions[k]);
    dbus_message_iter_close_container(&args, &array);
    dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &array);
    const char *keys[] = {"desktop-entry", "urgency", "suppress-sound", "x-usernoted-request"};
    unsigned char urgency = 1;
    dbus_bool_t yes = TRUE;
    for (int k = 0; k < 4; k++) {
        dbus_message_iter_open_container(&array, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
        dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &keys[k]);
        switch (k) {
        case 1:
            dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "y", &variant);
            dbus_message_iter_append_basic(&variant, DBUS_TYPE_BYTE, &urgency);
            break;
        case 2:
            dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "b", &variant);
            dbus_message_iter_append_basic(&variant, DBUS_TYPE_BOOLEAN, &yes);
            break;
        default:
            dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "s", &variant);
            dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, k == 0 ? &app : &text);
        }
        dbus_message_iter_close_container(&entry, &variant);
        dbus_message_iter_close_container(&array, &entry);
    }
    dbus_message_iter_close_container(&args, &array);
    dbus_message_iter_append_basic(&args, DBUS_TYPE_INT32, &timeout);
    return m;
}

static DBusMessage *post_call(const char *app, int i) {
    char title[64];
    snprintf(title, sizeof title, title_format ? title_format : "bench-%d", i);
    const char *category = "", *t = title, *body = "body";
    DBusMessage *m = dbus_message_new_method_call(DAEMON, DAEMON_PATH, CENTER, "Post");
    dbus_message_append_args(m, DBUS_TYPE_STRING, &app, DBUS_TYPE_STRING, &category, DBUS_TYPE_STRING, &t,
                             DBUS_TYPE_STRING, &body, DBUS_TYPE_INVALID);
    return m;
}

/* Appends the dictionary entry {key: <value>} with a string value. */
static void append_string_entry(DBusMessageIter *dict, const char *key, const char *value) {
    DBusMessageIter entry, variant;
    dbus_message_iter_open_container(dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
    dbus_message_iter_append_basic(&entry, DBUS_TYPE_STRING, &key);
    dbus_message_iter_open_container(&entry, DBUS_TYPE_VARIANT, "s", &variant);
    dbus_message_iter_append_basic(&variant, DBUS_TYPE_STRING, &value);
    dbus_message_iter_close_container(&entry, &variant);
    dbus_message_iter_close_container(dict, &entry);
}

/* The portal's AddNotification(id, {title, body, default-action}): what Post carries (a title
 * and a body), and a default action that is not "app."-prefixed, so that the portal answers a
 * click with its ActionInvoked signal (an unsandboxed caller has no app id to activate). */
static DBusMessage *portal_call(int i) {
    char title[64], id[96];
    snprintf(title, sizeof title, title_format ? title_format : "portal-%d", i);
    snprintf(id, sizeof id, "%s@%d", title, (int)getpid());
    const char *id_argument = id;
    DBusMessage *m = dbus_message_new_method_call(PORTAL, PORTAL_PATH, PORTAL_NOTIFICATION, "AddNotification");
    DBusMessageIter args, dict;
    dbus_message_iter_init_append(m, &args);
    dbus_message_iter_append_basic(&args, DBUS_TYPE_STRING, &id_argument);
    dbus_message_iter_open_container(&args, DBUS_TYPE_ARRAY, "{sv}", &dict);
    append_string_entry(&dict, "title", title);
    append_string_entry(&dict, "body", "body");
    append_string_entry(&dict, "default-action", "open");
    dbus_message_iter_close_container(&args, &dict);
    return m;
}

static DBusMessage *add_call(const char *app, const char *template, int i) {
    char json[4096];
    snprintf(json, sizeof json, template, i);
    const char *j = json;
    DBusMessage *m = dbus_message_new_method_call(DAEMON, DAEMON_PATH, CENTER, "Add");
    dbus_message_append_args(m, DBUS_TYPE_STRING, &app, DBUS_TYPE_STRING, &j, DBUS_TYPE_INVALID);
    return m;
}

static DBusMessage *build(const struct Calls *calls, int i) {
    DBusMessage *m = NULL;
    if (strcmp(calls->kind, "notify") == 0) m = notify_call(i);
    else if (strcmp(calls->kind, "post") == 0) m = post_call(calls->app, i);
    else if (strcmp(calls->kind, "add") == 0) m = add_call(calls->app, calls->template, calls->start + i);
    else if (strcmp(calls->kind, "portal") == 0) m = portal_call(calls->start + i);
    else if (strcmp(calls->kind, "ping") == 0)
        m = dbus_message_new_method_call(SERVER, "/", "org.freedesktop.DBus.Peer", "Ping");
    if (!m) fail("unknown call kind or out of memory");
    return m;
}

static DBusConnection *connect_bus(void) {
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *c = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!c) fail(error.message);
    dbus_connection_set_exit_on_disconnect(c, FALSE);
    return c;
}

/* Prints each call's round trip, or with title_format set, its title and when it was sent. */
static int latency(DBusConnection *c, const struct Calls *calls, int n) {
    for (int i = 0; i < n; i++) {
        DBusMessage *m = build(calls, i);
        DBusError error;
        dbus_error_init(&error);
        long long start = now_ns();
        DBusMessage *reply = dbus_connection_send_with_reply_and_block(c, m, 25000, &error);
        long long end = now_ns();
        dbus_message_unref(m);
        if (!reply) {
            fprintf(stderr, "bench-raw-client: call %d failed: %s: %s\n", i, error.name, error.message);
            return 1;
        }
        dbus_message_unref(reply);
        if (title_format) {
            char title[64];
            snprintf(title, sizeof title, title_format, i);
            printf("%s %lld\n", title, start);
        } else {
            printf("%lld\n", end - start);
        }
    }
    return 0;
}

/* The replies of a throughput run, counted by the filter. */
static int replies, errors;

static DBusHandlerResult count_replies(DBusConnection *c, DBusMessage *m, void *data) {
    (void)c;
    (void)data;
    int type = dbus_message_get_type(m);
    if (type != DBUS_MESSAGE_TYPE_METHOD_RETURN && type != DBUS_MESSAGE_TYPE_ERROR) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    replies++;
    if (type == DBUS_MESSAGE_TYPE_ERROR) {
        if (errors++ == 0) {
            const char *text = "";
            dbus_message_get_args(m, NULL, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
            fprintf(stderr, "bench-raw-client: first error: %s: %s\n", dbus_message_get_error_name(m), text);
        }
    }
    return DBUS_HANDLER_RESULT_HANDLED;
}

static int throughput(DBusConnection *c, const struct Calls *calls, int n, int window) {
    dbus_connection_add_filter(c, count_replies, NULL, NULL);
    int sent = 0;
    long long start = now_ns();
    while (replies < n) {
        while (sent < n && sent - replies < window) {
            DBusMessage *m = build(calls, sent++);
            if (!dbus_connection_send(c, m, NULL)) fail("out of memory");
            dbus_message_unref(m);
        }
        if (!dbus_connection_read_write_dispatch(c, -1)) fail("disconnected");
    }
    printf("%lld %d\n", now_ns() - start, errors);
    return 0;
}

/* The state of an actions run. */
static FILE *received_log;
static int received, post_replies;

static void reply_strings(DBusConnection *c, DBusMessage *call, const char **strings, int count, int as_array) {
    DBusMessage *reply = dbus_message_new_method_return(call);
    if (as_array) dbus_message_append_args(reply, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &strings, count, DBUS_TYPE_INVALID);
    else dbus_message_append_args(reply, DBUS_TYPE_STRING, &strings[0], DBUS_TYPE_INVALID);
    dbus_connection_send(c, reply, NULL);
    dbus_message_unref(reply);
}

/* Counts the reply to a call of an actions run (an error ends the run); whether `m` was one. */
static int counted_reply(DBusMessage *m) {
    int type = dbus_message_get_type(m);
    if (type != DBUS_MESSAGE_TYPE_METHOD_RETURN && type != DBUS_MESSAGE_TYPE_ERROR) return 0;
    if (type == DBUS_MESSAGE_TYPE_ERROR) fail(dbus_message_get_error_name(m));
    post_replies++;
    return 1;
}

static DBusHandlerResult serve_handler(DBusConnection *c, DBusMessage *m, void *data) {
    (void)data;
    if (counted_reply(m)) return DBUS_HANDLER_RESULT_HANDLED;
    if (dbus_message_get_type(m) != DBUS_MESSAGE_TYPE_METHOD_CALL || !dbus_message_has_interface(m, "io.github.usernoted.Handler1"))
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    if (dbus_message_has_member(m, "DidReceive")) {
        long long at = now_ns();
        const char *json = "";
        dbus_message_get_args(m, NULL, DBUS_TYPE_STRING, &json, DBUS_TYPE_INVALID);
        const char *dismiss[] = {"dismiss"};
        reply_strings(c, m, dismiss, 1, 0);
        char title[64] = "?";
        const char *found = strstr(json, "\"title\":\"");
        if (found) sscanf(found + 9, "%63[^\"]", title);
        fprintf(received_log, "received %s %lld\n", title, at);
        fflush(received_log);
        received++;
    } else if (dbus_message_has_member(m, "WillPresent")) {
        const char *options[] = {"banner", "list", "sound", "badge"};
        reply_strings(c, m, options, 4, 1);
    } else {
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    }
    return DBUS_HANDLER_RESULT_HANDLED;
}

/* Sends the calls START … START+N-1 one at a time, each once the previous one's reply and
 * action were heard (the filter counts both), and logs nothing itself. */
static int each_until_heard(DBusConnection *c, const struct Calls *calls, int n, int start) {
    for (int i = 0; i < n; i++) {
        DBusMessage *m = build(calls, start + i);
        dbus_connection_send(c, m, NULL);
        dbus_message_unref(m);
        long long started = now_ns();
        while (received <= i || post_replies <= i) {
            if (!dbus_connection_read_write_dispatch(c, 1000)) fail("disconnected");
            if (now_ns() - started > 10000000000LL) {
                fprintf(stderr, "bench-raw-client: no action heard for call %d within 10 s\n", start + i);
                return 1;
            }
        }
        usleep(2000);  /* let what follows an action (usernoted's dismiss) settle before the next call */
    }
    return 0;
}

static int actions(DBusConnection *c, const char *app, int n, const char *logfile, int start) {
    received_log = fopen(logfile, "a");
    if (!received_log) fail("cannot open the log file");
    const char *path = HANDLER_PATH;
    DBusMessage *m = dbus_message_new_method_call(DAEMON, DAEMON_PATH, CENTER, "RegisterHandler");
    dbus_message_append_args(m, DBUS_TYPE_STRING, &app, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
    DBusError error;
    dbus_error_init(&error);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(c, m, 25000, &error);
    if (!reply) fail(error.message);
    dbus_message_unref(reply);
    dbus_message_unref(m);
    dbus_connection_add_filter(c, serve_handler, NULL, NULL);
    struct Calls calls = {"post", app, NULL, 0};
    return each_until_heard(c, &calls, n, start);
}

/* Counts AddNotification's replies and logs the portal's ActionInvoked signals as they arrive. */
static DBusHandlerResult hear_portal(DBusConnection *c, DBusMessage *m, void *data) {
    (void)c;
    (void)data;
    if (counted_reply(m)) return DBUS_HANDLER_RESULT_HANDLED;
    if (!dbus_message_is_signal(m, PORTAL_NOTIFICATION, "ActionInvoked")) return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    long long at = now_ns();
    const char *id = "";
    dbus_message_get_args(m, NULL, DBUS_TYPE_STRING, &id, DBUS_TYPE_INVALID);
    fprintf(received_log, "received %.*s %lld\n", (int)strcspn(id, "@"), id, at);
    fflush(received_log);
    received++;
    return DBUS_HANDLER_RESULT_HANDLED;
}

static int portal_actions(DBusConnection *c, int n, const char *logfile, int start) {
    received_log = fopen(logfile, "a");
    if (!received_log) fail("cannot open the log file");
    dbus_connection_add_filter(c, hear_portal, NULL, NULL);
    title_format = "portal-action-%d";
    struct Calls calls = {"portal", NULL, NULL, 0};
    return each_until_heard(c, &calls, n, start);
}

static int usage(void) {
    fprintf(stderr, "usage: see the comment at the top of Benchmarks/RawClient/main.c\n");
    return 64;
}

int main(int argc, char **argv) {
    if (argc < 3) return usage();
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    const char *mode = argv[1];
    struct Calls calls = {argv[2], NULL, NULL, 0};
    int rest = 3;
    if (strcmp(calls.kind, "post") == 0 || strcmp(calls.kind, "add") == 0) {
        if (argc <= rest) return usage();
        calls.app = argv[rest++];
    }
    DBusConnection *c = connect_bus();
    if (strcmp(mode, "latency") == 0 && argc == rest + 1) return latency(c, &calls, atoi(argv[rest]));
    if (strcmp(mode, "screen") == 0 && argc == rest + 1) {
        title_format = strcmp(calls.kind, "post") == 0     ? "screen-post-%d"
                       : strcmp(calls.kind, "portal") == 0 ? "screen-portal-%d"
                                                           : "screen-notify-%d";
        return latency(c, &calls, atoi(argv[rest]));
    }
    if (strcmp(mode, "throughput") == 0 && strcmp(calls.kind, "add") == 0 && argc == rest + 4) {
        calls.template = argv[rest + 2];
        calls.start = atoi(argv[rest + 3]);
        return throughput(c, &calls, atoi(argv[rest]), atoi(argv[rest + 1]));
    }
    if (strcmp(mode, "throughput") == 0 && argc == rest + 2) return throughput(c, &calls, atoi(argv[rest]), atoi(argv[rest + 1]));
    if (strcmp(mode, "portal-actions") == 0 && (argc == 4 || argc == 5))
        return portal_actions(c, atoi(argv[2]), argv[3], argc == 5 ? atoi(argv[4]) : 0);
    if (strcmp(mode, "actions") == 0 && (argc == 5 || argc == 6))
        return actions(c, argv[2], atoi(argv[3]), argv[4], argc == 6 ? atoi(argv[5]) : 0);
    return usage();
}
