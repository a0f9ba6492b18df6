import UserNotifications

// A command-line tool that posts one notification from synchronous top-level code and exits
// at once, in one of the three spellings of `add(_:withCompletionHandler:)`: the handler
// omitted, `nil`, or a trailing closure (the first argument names which; the second is the
// request identifier).
let arguments = CommandLine.arguments.dropFirst()
let spelling = arguments.first ?? "omitted"
let identifier = arguments.dropFirst().first ?? "one-shot"
let content = UNMutableNotificationContent()
content.title = "One shot (\(spelling))"
let request = UNNotificationRequest(identifier: identifier, content: content, trigger: nil)
let center = UNUserNotificationCenter.current()
switch spelling {
case "nil": center.add(request, withCompletionHandler: nil)
case "trailing": center.add(request) { error in if let error { print("add: \(error)") } }
default: center.add(request)
}
