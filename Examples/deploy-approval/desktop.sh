#!/bin/sh
# The desktop's side of the deploy approval: the app's category (Approve, Reject) and its
# device token, which the provider needs (or it pushes to the user: every desktop of theirs).
# Needs usernoted with [push] broker set, and usernotectl on PATH.
set -eu
app=org.example.Deploy
usernotectl categories set --app "$app" '[{"identifier": "DEPLOY", "actions": [
  {"identifier": "APPROVE", "title": "Approve"},
  {"identifier": "REJECT", "title": "Reject", "options": ["destructive"]}]}]'
usernotectl push token --app "$app"
