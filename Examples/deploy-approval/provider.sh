#!/bin/sh
# The server's side (a CI job, say): asks "Deploy?" on the user's desktops through the broker
# and waits for the answer. Exit status 0: approved; 1: rejected or closed; 124: no answer.
#   sh provider.sh BROKER_URL USER BUILD [TIMEOUT]
set -eu
broker=$1 user=$2 build=$3 timeout=${4:-10m}
app=org.example.Deploy
id=$(usernotectl remote send --broker "$broker" --user "$user" --app "$app" --collapse-id "deploy-$build" \
  "{\"aps\": {\"alert\": {\"title\": \"Deploy build $build?\", \"body\": \"to production\"}, \"category\": \"DEPLOY\"}, \"build\": $build}")
echo "asked (apns-id $id); waiting for the answer"
answer=$(usernotectl remote responses --broker "$broker" --app "$app" --for "$id" --wait-for 1 --timeout "$timeout")
case "$answer" in
  *'"actionIdentifier":"APPROVE"'*) echo "build $build approved: deploying"; exit 0 ;;
  *) echo "build $build not approved: $(printf '%s' "$answer" | grep -o '"actionIdentifier":"[^"]*"')"; exit 1 ;;
esac
