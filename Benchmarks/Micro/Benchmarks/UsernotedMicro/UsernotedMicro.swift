import Benchmark
import FreedesktopNotifications
import Foundation
import Logging
import UserNotificationsCore
@_spi(Benchmarks) import UsernotedService

/// The daemon's hot in-process steps, one benchmark each: JSON coding of a request, the
/// `Notify` arguments built from a category and content, and a store write.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .instructions], maxDuration: .seconds(3))

    let requestJSON = #"""
        {"identifier":"invite-42","content":{"title":"Team meeting","subtitle":"Room 4","body":"Tomorrow at 10:00, with the whole team","categoryIdentifier":"MEETING_INVITATION","userInfo":{"MEETING_ID":"42","USER_ID":"alice"},"sound":"default","interruptionLevel":"timeSensitive"},"trigger":{"timeInterval":3600}}
        """#
    let categoriesJSON = #"""
        [{"identifier":"MEETING_INVITATION","actions":[{"identifier":"ACCEPT_ACTION","title":"Accept"},{"identifier":"DECLINE_ACTION","title":"Decline","options":["destructive"]},{"identifier":"REPLY_ACTION","title":"Reply","textInputButtonTitle":"Send","textInputPlaceholder":"Your answer"}],"options":["customDismissAction"]}]
        """#

    Benchmark("JSON decode a request") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try ModelJSON.decodeRequest(requestJSON)) }
    }

    Benchmark("JSON encode a request") { benchmark in
        let request = try ModelJSON.decodeRequest(requestJSON)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(ModelJSON.encode(request)) }
    }

    Benchmark("Notify arguments from category and content") { benchmark in
        let request = try ModelJSON.decodeRequest(requestJSON)
        let category = try ModelJSON.decodeCategories(categoriesJSON).first
        let app = try AppID(validating: "org.example.Calendar")
        let capabilities = ServerCapabilities(["actions", "body", "body-markup", "inline-reply"])
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(NotifyMapping.call(appID: app, request: request, category: category, capabilities: capabilities).arguments)
        }
    }

    // One store for every sample, so that a sample is a write to a database in use (the first
    // writes to a new file also create its WAL); the directory is left in the temporary directory.
    let directory = FileManager.default.temporaryDirectory.appending(path: "usernoted-micro-\(UUID().uuidString.prefix(8))")
    let store = try! Store(directory: directory, logger: Logger(label: "micro"))
    let stored = try! ModelJSON.decodeRequest(requestJSON)
    let storingApp = try! AppID(validating: "org.example.Calendar")
    Benchmark("Store write: save a pending request") { benchmark in
        for _ in benchmark.scaledIterations {
            try await store.savePending(PendingRequest(
                app: storingApp, request: stored.withIdentifier(UUID().uuidString), fireDate: Date(timeIntervalSinceNow: 3600),
                addedAt: Date()))
        }
    }
}
