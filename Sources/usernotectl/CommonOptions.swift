import ArgumentParser
import UserNotificationsCore

/// The options most commands take, `--app`, `--json` and `--address`, which each command
/// declares itself rather than as an option group of one option: swift-argument-parser
/// reflects each group's type apart, and a type's first checks against its protocols scan every
/// conformance record of the binary (four scans a group, 12 % of a `usernotectl post`).
extension Option where Value == AppID {
    /// `--app ID`: the app a command is about (`@Option var app: AppID`), checked locally
    /// (`Arguments.appID`) so that a typo fails before the bus is touched.
    init() {
        self.init(help: ArgumentHelp("The app id, e.g. org.example.Calendar.", valueName: "id"), transform: Arguments.appID)
    }
}

extension ArgumentHelp {
    /// `--json`: print data as JSON instead of text.
    static let json = ArgumentHelp("Print JSON (one value per line) instead of text.")

    /// `--address ADDRESS`: the bus to reach usernoted on instead of the session bus.
    static let address = ArgumentHelp("Bus address to use instead of DBUS_SESSION_BUS_ADDRESS.", valueName: "address")
}
