#!/bin/sh
# usernoted runs this once per answer to the shell example's invitation (SetExecHandler in
# meeting-invite.sh), with the answer in USERNOTED_* variables and as JSON on standard input.
# It notes the answer in the file named by its argument and confirms it with a notification.
# Exit status 0 tells usernoted the answer was handled.
set -eu
answers=$1

case $USERNOTED_ACTION in
    ACCEPT_ACTION) verb=accepted ;;
    DECLINE_ACTION) verb=declined ;;
    dismiss) verb="put off" ;;
    *) exit 0 ;;  # a click on the body, or on the confirmation below: nothing to do
esac
meeting=$(printf '%s' "$USERNOTED_USER_INFO" | sed -n 's/.*"MEETING_ID" *: *"\([^"]*\)".*/\1/p')
echo "$(date '+%F %T') $verb meeting $meeting ($USERNOTED_TITLE)" >> "$answers"

dbus-send --session --print-reply=literal --dest=io.github.usernoted /io/github/usernoted \
    io.github.usernoted.Center1.Post string:"$USERNOTED_APP_ID" string: \
    string:"You $verb $USERNOTED_TITLE" string:"Meeting $meeting" > /dev/null
