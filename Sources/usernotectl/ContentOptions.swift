import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import UserNotificationsCore

/// What a notification shows: `TITLE [BODY]` and the content options of `post` and `schedule`.
struct ContentOptions: ParsableArguments {
    @Argument(help: "The headline.")
    var title: String

    @Argument(help: "The message text.")
    var body: String = ""

    @Option(help: ArgumentHelp("A registered category whose actions to show.", valueName: "id"))
    var category: String = ""

    @Option(help: ArgumentHelp("The request identifier; posting it again replaces the notification.", valueName: "id"))
    var id: String?

    @Option(help: "A second line under the title.")
    var subtitle: String?

    @Option(parsing: .singleValue,
            help: ArgumentHelp("App data returned in every response: key=text, key:=JSON, or a JSON object (repeatable).",
                               valueName: "key=value"),
            transform: UserInfoArgument.init(parsing:))
    var userInfo: [UserInfoArgument] = []

    @Option(help: ArgumentHelp("A sound name from the freedesktop sound theme, or 'default'.", valueName: "name"))
    var sound: String?

    @Option(help: ArgumentHelp("How urgently to interrupt.", valueName: "level"))
    var level: LevelArgument?

    @Option(help: ArgumentHelp("Its thread: more than [threads] stackLimit of one thread on screen stack.", valueName: "id"))
    var thread: String?

    @Option(help: ArgumentHelp("An image file to show with it (an attachment).", valueName: "path"),
            completion: .file(extensions: ["png", "jpg", "jpeg", "gif", "webp", "svg", "bmp"]))
    var image: String?

    /// The request the options describe, without a trigger; an unreadable `--image` is a ``Failure``.
    func postRequest() throws(Failure) -> PostRequest {
        if let image, access(image, R_OK) != 0 {
            throw Failure("cannot read \(image): \(String(cString: strerror(errno)))", status: .noInput)
        }
        return PostRequest(
            title: title, body: body, category: category,
            userInfo: userInfo.isEmpty ? nil : userInfo.reduce(into: [:]) { $0.merge($1.entries) { _, new in new } },
            identifier: id, subtitle: subtitle, sound: sound, level: level?.level, thread: thread, image: image)
    }
}
