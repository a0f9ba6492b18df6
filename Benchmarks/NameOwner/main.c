/* bench-name-owner: the floor of a D-Bus service's cold start. Links libdbus, connects to the
 * session bus (DBUS_SESSION_BUS_ADDRESS), requests the name given as its argument, and waits
 * to be killed.
 *
 *   bench-name-owner NAME */
#include <dbus/dbus.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: bench-name-owner NAME\n");
        return 64;
    }
    DBusError error;
    dbus_error_init(&error);
    DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!connection) {
        fprintf(stderr, "bench-name-owner: %s\n", error.message);
        return 1;
    }
    if (dbus_bus_request_name(connection, argv[1], DBUS_NAME_FLAG_DO_NOT_QUEUE, &error) != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        fprintf(stderr, "bench-name-owner: cannot own %s\n", argv[1]);
        return 1;
    }
    for (;;) pause();
}
