// Fuzz target: trigger fire dates. The first 5 bytes pick the moment the request is added
// (4 bytes: seconds from 1970 to 2106) and the user's time zone; the rest is the trigger's
// JSON. A trigger that validates must give fire dates strictly after the moment asked
// about, on a day its components allow; a repeating one must move on each time.
import Foundation
@testable import UserNotificationsCore

/// Time zones with unusual rules: half-hour DST, DST at midnight, a skipped day.
let zones = ["UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Sao_Paulo",
             "Pacific/Apia", "Asia/Kathmandu", "America/Santiago"].compactMap(TimeZone.init(identifier:))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTriggerDates(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 5 else { return 0 }
    let seconds = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[$1]) }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zones[Int(data[4]) % zones.count]
    let added = Date(timeIntervalSince1970: Double(seconds))
    guard let trigger = try? ModelJSON.decode(NotificationTrigger.self, from: text(data + 5, size - 5), root: "trigger"),
          (try? Validation.validate(trigger: trigger)) != nil,
          let first = trigger.firstFireDate(addedAt: added, calendar: calendar)
    else { return 0 }
    require(first > added, "fires at \(first), not after \(added)")
    var fire = first
    for _ in 0..<3 {
        if case .calendar(let components, _) = trigger {
            let wanted = NotificationTrigger.filled(components)
            require(NotificationTrigger.matchesDay(fire, wanted, in: calendar), "fires at \(fire) on a day \(components) excludes")
        }
        guard let next = trigger.nextFireDate(after: fire, calendar: calendar) else {
            require(!trigger.repeats, "a repeating trigger stops after \(fire)")
            break
        }
        require(next > fire, "repeats at \(next), not after \(fire)")
        fire = next
    }
    return 0
}
