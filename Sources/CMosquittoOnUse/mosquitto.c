// libmosquitto's functions that the MQTT module calls, each forwarding to the loaded library.
// Hidden, as the GIO and libcanberra ones are: the loaded libraries' own calls never come back to them.
#pragma GCC visibility push(hidden)
#include <mosquitto.h>
#include <CLoadOnUse.h>
#define LIBRARY load_on_use_mosquitto

ON_USE(int, mosquitto_lib_init, (void), ())
ON_USE(struct mosquitto *, mosquitto_new, (const char *id, bool clean_session, void *obj), (id, clean_session, obj))
ON_USE(void, mosquitto_destroy, (struct mosquitto *mosq), (mosq))
ON_USE(int, mosquitto_int_option, (struct mosquitto *mosq, enum mosq_opt_t option, int value), (mosq, option, value))
ON_USE(int, mosquitto_username_pw_set, (struct mosquitto *mosq, const char *username, const char *password),
       (mosq, username, password))
ON_USE(int, mosquitto_tls_set,
       (struct mosquitto *mosq, const char *cafile, const char *capath, const char *certfile, const char *keyfile,
        int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)),
       (mosq, cafile, capath, certfile, keyfile, pw_callback))
ON_USE(int, mosquitto_connect_bind_v5,
       (struct mosquitto *mosq, const char *host, int port, int keepalive, const char *bind_address,
        const mosquitto_property *properties),
       (mosq, host, port, keepalive, bind_address, properties))
ON_USE(int, mosquitto_disconnect, (struct mosquitto *mosq), (mosq))
ON_USE(int, mosquitto_disconnect_v5, (struct mosquitto *mosq, int reason_code, const mosquitto_property *properties),
       (mosq, reason_code, properties))
ON_USE(void, mosquitto_connect_v5_callback_set,
       (struct mosquitto *mosq, void (*on_connect)(struct mosquitto *, void *, int, int, const mosquitto_property *)),
       (mosq, on_connect))
ON_USE(void, mosquitto_message_v5_callback_set,
       (struct mosquitto *mosq,
        void (*on_message)(struct mosquitto *, void *, const struct mosquitto_message *, const mosquitto_property *)),
       (mosq, on_message))
ON_USE(void, mosquitto_publish_v5_callback_set,
       (struct mosquitto *mosq, void (*on_publish)(struct mosquitto *, void *, int, int, const mosquitto_property *)),
       (mosq, on_publish))
ON_USE(void, mosquitto_subscribe_v5_callback_set,
       (struct mosquitto *mosq,
        void (*on_subscribe)(struct mosquitto *, void *, int, int, const int *, const mosquitto_property *)),
       (mosq, on_subscribe))
ON_USE(int, mosquitto_socket, (struct mosquitto *mosq), (mosq))
ON_USE(bool, mosquitto_want_write, (struct mosquitto *mosq), (mosq))
ON_USE(int, mosquitto_loop_read, (struct mosquitto *mosq, int max_packets), (mosq, max_packets))
ON_USE(int, mosquitto_loop_write, (struct mosquitto *mosq, int max_packets), (mosq, max_packets))
ON_USE(int, mosquitto_loop_misc, (struct mosquitto *mosq), (mosq))
ON_USE(int, mosquitto_subscribe_multiple,
       (struct mosquitto *mosq, int *mid, int sub_count, char *const *const sub, int qos, int options,
        const mosquitto_property *properties),
       (mosq, mid, sub_count, sub, qos, options, properties))
ON_USE(int, mosquitto_publish_v5,
       (struct mosquitto *mosq, int *mid, const char *topic, int payloadlen, const void *payload, int qos, bool retain,
        const mosquitto_property *properties),
       (mosq, mid, topic, payloadlen, payload, qos, retain, properties))
ON_USE(int, mosquitto_property_add_int32, (mosquitto_property **proplist, int identifier, uint32_t value),
       (proplist, identifier, value))
ON_USE(int, mosquitto_property_add_string_pair,
       (mosquitto_property **proplist, int identifier, const char *name, const char *value),
       (proplist, identifier, name, value))
ON_USE(const mosquitto_property *, mosquitto_property_read_string_pair,
       (const mosquitto_property *proplist, int identifier, char **name, char **value, bool skip_first),
       (proplist, identifier, name, value, skip_first))
ON_USE(void, mosquitto_property_free_all, (mosquitto_property **properties), (properties))
ON_USE(const char *, mosquitto_strerror, (int mosq_errno), (mosq_errno))
ON_USE(const char *, mosquitto_reason_string, (int reason_code), (reason_code))
