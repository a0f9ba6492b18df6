#!/usr/bin/python3
"""A GLib app as GNOME apps are made, for the end-to-end tests of org.gtk.Notifications.

A Gio.Application with the app id given first, D-Bus activatable, exporting app.reply (a
string parameter) and app.open. It appends what happens to the log file given second, one
line each: "sent <pid>" after sending its notification, "started <pid>" when started as a
service (by D-Bus activation), "reply <target> <pid>", "open <pid>", "activate <pid>".

  chat-app.py APP_ID LOG send [ID]     send the notification ID (msg-1) with a Reply button
                                       (app.reply, target "anna") and app.open as its default
                                       action, then exit
  chat-app.py APP_ID LOG withdraw [ID] take the notification ID (msg-1) back, then exit
  chat-app.py APP_ID LOG --gapplication-service   what the D-Bus .service file runs
"""
import os
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

app_id, log_path, mode = sys.argv[1], sys.argv[2], sys.argv[3]


def log(line):
    with open(log_path, "a") as f:
        f.write(f"{line} {os.getpid()}\n")


app = Gio.Application(application_id=app_id, flags=Gio.ApplicationFlags.FLAGS_NONE)


def on_reply(action, parameter):
    log(f"reply {parameter.get_string()}")


def on_open(action, parameter):
    log("open")


def on_startup(application):
    reply = Gio.SimpleAction.new("reply", GLib.VariantType.new("s"))
    reply.connect("activate", on_reply)
    application.add_action(reply)
    opening = Gio.SimpleAction.new("open", None)
    opening.connect("activate", on_open)
    application.add_action(opening)
    if mode == "--gapplication-service":
        log("started")


def on_activate(application):
    notification_id = sys.argv[4] if len(sys.argv) > 4 else "msg-1"
    if mode == "withdraw":
        application.withdraw_notification(notification_id)
        log("withdrew")
        return
    if mode != "send":
        log("activate")
        return
    notification = Gio.Notification.new("Anna")
    notification.set_body("Are you coming?")
    notification.add_button_with_target("Reply", "app.reply", GLib.Variant("s", "anna"))
    notification.set_default_action("app.open")
    application.send_notification(notification_id, notification)
    log("sent")


app.connect("startup", on_startup)
app.connect("activate", on_activate)
# Nothing holds a sending app: it quits once activate returns (GApplication flushes the bus first).
sys.exit(app.run([sys.argv[0]] + (["--gapplication-service"] if mode == "--gapplication-service" else [])))
