#!/bin/sh
# The meeting invitation from a shell, with nothing but dbus-send, usernotectl wait and an
# exec handler (on-response.sh, next to this script). Needs usernoted on the session bus and
# usernotectl on PATH.
#
#   sh Examples/shell/meeting-invite.sh
#
# It registers the MEETING_INVITATION category (Accept, Decline, and a response when the
# user closes it), makes usernoted run on-response.sh for every answer — also when this
# script is no longer running — posts the invitation, and prints the answer when it comes.
set -eu

app=org.example.ShellInvite
here=$(cd "$(dirname "$0")" && pwd)
answers=${XDG_STATE_HOME:-$HOME/.local/state}/usernoted-examples/shell/answers.log
mkdir -p "$(dirname "$answers")"

center() {  # center METHOD ARG… : call io.github.usernoted.Center1.METHOD for the app
    method=$1
    shift
    dbus-send --session --print-reply=literal --dest=io.github.usernoted /io/github/usernoted \
        "io.github.usernoted.Center1.$method" "string:$app" "$@"
}

# 1. The category: replaces all of the app's categories, as on Apple platforms.
center SetCategories string:'[{"identifier": "MEETING_INVITATION", "options": ["customDismissAction"],
    "actions": [{"identifier": "ACCEPT_ACTION", "title": "Accept"},
                {"identifier": "DECLINE_ACTION", "title": "Decline"}]}]' > /dev/null

# 2. The reliable path: usernoted runs the handler once per answer, and keeps the answer
#    until the handler exits with status 0.
center SetExecHandler "array:string:$here/on-response.sh,$answers" > /dev/null

# 3. Wait for the answer. usernoted sends the Response signal only to connections subscribed
#    to the app, and a dbus-send call leaves the bus when it returns, so usernotectl wait does
#    it: started before posting, so no answer is missed, for a request identifier chosen here.
#    It says on standard error once it waits (subscribed); this script reads that from a FIFO.
request=invite-$(date +%s)-$$
work=$(mktemp -d)
trap 'if [ -n "${waiter-}" ]; then kill "$waiter" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkfifo "$work/status"
usernotectl wait --app "$app" --request "$request" > "$work/answer" 2> "$work/status" &
waiter=$!
exec 3< "$work/status"
while IFS= read -r line <&3; do
    case $line in *"waiting for a response"*) break ;; esac
done

# 4. The invitation, with the meeting and the user in userInfo.
center Add string:'{"identifier": "'"$request"'", "content": {"title": "Weekly Staff Meeting",
    "body": "Every Tuesday at 2pm", "categoryIdentifier": "MEETING_INVITATION",
    "userInfo": {"MEETING_ID": "123456789", "USER_ID": "ABCD1234"}}}' > /dev/null
echo "Invitation $request posted: accept, decline or close it"

# 5. usernotectl wait prints the action the user chose, and ends.
wait "$waiter"
waiter=
echo "The user chose $(cat "$work/answer")"
