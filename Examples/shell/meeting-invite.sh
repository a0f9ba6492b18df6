#!/bin/sh
# The meeting invitation from a shell, with nothing but dbus-send, dbus-monitor and an exec
# handler (on-response.sh, next to this script). Needs usernoted on the session bus.
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

# 3. Watch the Response signals (meant for observers) before posting, so none is missed.
#    dbus-monitor writes into a FIFO that this script reads from descriptor 3.
work=$(mktemp -d)
trap 'kill "${monitor-}" 2>/dev/null; rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
mkfifo "$work/signals"
dbus-monitor --session "type='signal',interface='io.github.usernoted.Center1',member='Response'" > "$work/signals" &
monitor=$!
exec 3< "$work/signals"
# It is watching once the bus tells it that it gave up its own name (it became a monitor).
while IFS= read -r line <&3; do
    case $line in *member=NameLost*) break ;; esac
done

# 4. The invitation, with the meeting and the user in userInfo; the reply is its request id.
request=$(center Add string:'{"content": {"title": "Weekly Staff Meeting", "body": "Every Tuesday at 2pm",
    "categoryIdentifier": "MEETING_INVITATION", "userInfo": {"MEETING_ID": "123456789", "USER_ID": "ABCD1234"}}}' |
    tr -d ' ')
echo "Invitation $request posted: accept, decline or close it"

# 5. Response(app_id, request_id, action_id, user_text, response_json): dbus-monitor prints a
#    "signal …" line, then one '   string "…"' line per argument. Print our request's action.
while IFS= read -r line <&3; do
    case $line in
        signal*) n=0 ;;
        '   string "'*)
            n=$((n + 1))
            value=${line#'   string "'}
            value=${value%'"'}
            case $n in
                1) signal_app=$value ;;
                2) signal_request=$value ;;
                3) if [ "$signal_app" = "$app" ] && [ "$signal_request" = "$request" ]; then
                       echo "The user chose $value"
                       break
                   fi ;;
            esac ;;
    esac
done
