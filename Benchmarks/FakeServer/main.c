/* bench-fake-server: an org.freedesktop.Notifications server on raw libdbus that answers
 * Notify, CloseNotification, GetCapabilities and GetServerInformation at once, so that what
 * a benchmark measures is the client and the bus, not the server.
 *
 *   bench-fake-server [--invoke APP] [--invoke-summary PREFIX] [--log PREFIX FILE]
 *
 * --invoke APP: after answering a Notify whose app_name is APP, sends ActionInvoked(id,
 *   "default") to the caller alone (as dunst sends its signals) and logs
 *   "invoked SUMMARY MONOTONIC_NS", the moment just before the signal was queued.
 * --invoke-summary PREFIX: the same for a Notify whose summary starts with PREFIX (the
 *   xdg-desktop-portal-gtk backend sends every Notify with an empty app_name).
 * --log PREFIX FILE: logs "notify SUMMARY REALTIME_NS" for each Notify whose summary starts
 *   with PREFIX, and "screen SUMMARY MONOTONIC_NS" for each whose summary starts with
 *   "screen-", when it arrived; the invoked lines go to the same FILE.
 * The session bus is DBUS_SESSION_BUS_ADDRESS. Runs until killed. */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *invoke_app;
static const char *invoke_summary;
static const char *log_prefix;
static FILE *log_file;
static dbus_uint32_t next_id = 1;

static long long now_ns(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void send_and_unref(DBusConnection *connection, DBusMessage *message) {
    if (!message || !dbus_connection_send(connection, message, NULL)) {
        fprintf(stderr, "bench-fake-server: out of memory\n");
        exit(1);
    }
    dbus_message_unref(message);
}

static void notify(DBusConnection *connection, DBusMessage *call) {
    const char *app_name = "", *icon = "", *summary = "";
    dbus_uint32_t replaces_id = 0;
    DBusMessageIter args;
    if (!dbus_message_iter_init(call, &args) || strcmp(dbus_message_get_signature(call), "susssasa{sv}i") != 0) {
        send_and_unref(connection, dbus_message_new_error(call, DBUS_ERROR_INVALID_ARGS, "Notify takes susssasa{sv}i"));
        return;
    }
    dbus_message_iter_get_basic(&args, &app_name);
    dbus_message_iter_next(&args);
    dbus_message_iter_get_basic(&args, &replaces_id);
    dbus_message_iter_next(&args);
    dbus_message_iter_get_basic(&args, &icon);
    dbus_message_iter_next(&args);
    dbus_message_iter_get_basic(&args, &summary);
    if (log_prefix && strncmp(summary, log_prefix, strlen(log_prefix)) == 0)
        fprintf(log_file, "notify %s %lld\n", summary, now_ns(CLOCK_REALTIME));
    if (log_file && strncmp(summary, "screen-", 7) == 0)
        fprintf(log_file, "screen %s %lld\n", summary, now_ns(CLOCK_MONOTONIC));
    dbus_uint32_t id = replaces_id ? replaces_id : next_id++;
    DBusMessage *reply = dbus_message_new_method_return(call);
    dbus_message_append_args(reply, DBUS_TYPE_UINT32, &id, DBUS_TYPE_INVALID);
    send_and_unref(connection, reply);
    if ((invoke_app && strcmp(app_name, invoke_app) == 0) ||
        (invoke_summary && strncmp(summary, invoke_summary, strlen(invoke_summary)) == 0)) {
        const char *key = "default";
        DBusMessage *signal = dbus_message_new_signal(
            "/org/freedesktop/Notifications", "org.freedesktop.Notifications", "ActionInvoked");
        dbus_message_append_args(signal, DBUS_TYPE_UINT32, &id, DBUS_TYPE_STRING, &key, DBUS_TYPE_INVALID);
        dbus_message_set_destination(signal, dbus_message_get_sender(call));
        long long sent = now_ns(CLOCK_MONOTONIC);
        send_and_unref(connection, signal);
        dbus_connection_flush(connection);
        if (log_file) fprintf(log_file, "invoked %s %lld\n", summary, sent);
    }
    if (log_file) fflush(log_file);
}

static DBusHandlerResult handle(DBusConnection *connection, DBusMessage *message, void *data) {
    (void)data;
    if (dbus_message_get_type(message) != DBUS_MESSAGE_TYPE_METHOD_CALL ||
        !dbus_message_has_interface(message, "org.freedesktop.Notifications"))
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    const char *member = dbus_message_get_member(message);
    if (strcmp(member, "Notify") == 0) {
        notify(connection, message);
    } else if (strcmp(member, "CloseNotification") == 0) {
        send_and_unref(connection, dbus_message_new_method_return(message));
    } else if (strcmp(member, "GetCapabilities") == 0) {
        const char *capabilities[] = {"actions", "body"};
        const char **list = capabilities;
        DBusMessage *reply = dbus_message_new_method_return(message);
        dbus_message_append_args(reply, DBUS_TYPE_ARRAY, DBUS_TYPE_STRING, &list, 2, DBUS_TYPE_INVALID);
        send_and_unref(connection, reply);
    } else if (strcmp(member, "GetServerInformation") == 0) {
        const char *name = "bench-fake-server", *vendor = "usernoted", *version = "1.0", *spec = "1.2";
        DBusMessage *reply = dbus_message_new_method_return(message);
        dbus_message_append_args(reply, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &vendor, DBUS_TYPE_STRING, &version,
                                 DBUS_TYPE_STRING, &spec, DBUS_TYPE_INVALID);
        send_and_unref(connection, reply);
    } else {
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    }
    return DBUS_HANDLER_RESULT_HANDLED;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--invoke") == 0 && i + 1 < argc) {
            invoke_app = argv[++i];
        } else if (strcmp(argv[i], "--invoke-summary") == 0 && i + 1 < argc) {
            invoke_summary = argv[++i];
        } else if (strcmp(argv[i], "--log") == 0 && i + 2 < argc) {
            log_prefix = argv[++i];
            log_file = fopen(argv[++i], "a");
            if (!log_file) { perror(argv[i]); return 1; }
        } else {
            fprintf(stderr, "usage: bench-fake-server [--invoke APP] [--invoke-summary PREFIX] [--log PREFIX FILE]\n");
            return 64;
        }
    }
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!connection) {
        fprintf(stderr, "bench-fake-server: %s\n", error.message);
        return 1;
    }
    dbus_connection_add_filter(connection, handle, NULL, NULL);
    int owned = dbus_bus_request_name(connection, "org.freedesktop.Notifications", DBUS_NAME_FLAG_DO_NOT_QUEUE, &error);
    if (owned != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "bench-fake-server: cannot own org.freedesktop.Notifications: %s\n",
                dbus_error_is_set(&error) ? error.message : "it has an owner");
        return 1;
    }
    while (dbus_connection_read_write_dispatch(connection, -1)) {}
    return 0;
}
