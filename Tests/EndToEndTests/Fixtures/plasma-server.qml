// Plasma's own notification server (libnotificationmanager, as plasmashell runs it) without
// the shell, for PlasmaServer in TestSupport. The test appends commands to the file
// "commands" beside this one, one a line, and reads what happened from the "plasma:" lines
// this prints:
//   action ID KEY    the user picks the button KEY     reply ID TEXT  the user sends TEXT
//   default ID       the user clicks the body          close ID       the user closes it
//   dnd on|off       the user turns Do not disturb on or off in the applet
// Printed: "plasma: shown ID reply=BOOL SUMMARY" for each notification that appears, and
// "plasma: did COMMAND" (or "plasma: no ID") once a command ran.
import QtQuick 2.15
import org.kde.notificationmanager 1.0 as Manager

Item {
    id: harness
    property int commandsRun: 0
    property var announced: ({})

    Manager.Notifications {
        id: notifications
        showNotifications: true
        showJobs: false
        showExpired: true
        showDismissed: true
        urgencies: Manager.Notifications.LowUrgency | Manager.Notifications.NormalUrgency | Manager.Notifications.CriticalUrgency
        onRowsInserted: harness.announceNew()
    }

    function field(row, role) { return notifications.data(notifications.index(row, 0), role); }

    function announceNew() {
        for (var row = 0; row < notifications.count; ++row) {
            var id = field(row, Manager.Notifications.IdRole);
            if (announced[id]) continue;
            announced[id] = true;
            console.warn("plasma: shown " + id + " reply=" + field(row, Manager.Notifications.HasReplyActionRole)
                         + " " + field(row, Manager.Notifications.SummaryRole));
        }
    }

    function rowOf(id) {
        for (var row = 0; row < notifications.count; ++row)
            if (field(row, Manager.Notifications.IdRole) === id) return row;
        return -1;
    }

    function run(command) {
        var words = command.split(" ");
        if (words[0] === "dnd") {
            // As plasmashell's notifications applet does: the server says it is inhibited (its
            // `Inhibited` property) while the user's do-not-disturb is on.
            Manager.Server.inhibited = words[1] === "on";
            console.warn("plasma: did " + command);
            return;
        }
        var row = rowOf(parseInt(words[1]));
        if (row < 0) { console.warn("plasma: no " + words[1]); return; }
        var index = notifications.index(row, 0);
        if (words[0] === "action") notifications.invokeAction(index, words[2], Manager.Notifications.Close);
        else if (words[0] === "default") notifications.invokeDefaultAction(index, Manager.Notifications.Close);
        else if (words[0] === "reply") notifications.reply(index, words.slice(2).join(" "), Manager.Notifications.Close);
        else if (words[0] === "close") notifications.close(index);
        console.warn("plasma: did " + command);
    }

    // QML cannot wait on a file, so the commands file is read every 50 ms (test harness only).
    Timer {
        interval: 50
        repeat: true
        running: true
        onTriggered: {
            var request = new XMLHttpRequest();
            request.open("GET", Qt.resolvedUrl("commands"), false);
            request.send();
            var lines = request.responseText.split("\n").filter(function (line) { return line.length > 0; });
            while (harness.commandsRun < lines.length) harness.run(lines[harness.commandsRun++]);
        }
    }
}
