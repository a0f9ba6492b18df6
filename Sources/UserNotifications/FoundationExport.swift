// As on Apple platforms, `import UserNotifications` also brings Foundation (Date,
// DateComponents, URL, NSNumber), which the framework's API uses.
@_exported import Foundation
