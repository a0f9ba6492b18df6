// libmosquitto (the MQTT client library of the mosquitto project), for the MQTT module.
#include <mosquitto.h>
#include <mqtt_protocol.h>
