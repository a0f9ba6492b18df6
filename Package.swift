// swift-tools-version:6.2
import PackageDescription

/// This package's directory, for the linker's files.
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

/// The binaries a user installs are linked by lld with their relative relocations packed
/// (DT_RELR, which glibc reads since 2.36, Debian 12's): 96 000 relocations of usernoted that
/// the loader applied one by one at every start become 2 300 entries, 2.4 MB smaller.
let packedRelocations = LinkerSetting.unsafeFlags(
    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux]))

/// The binaries a user installs export nothing (Sources/usernoted/exports.map says why).
let exportsNothing = LinkerSetting.unsafeFlags(
    ["-Xlinker", "--version-script=\(packageDirectory)/Sources/usernoted/exports.map"], .when(platforms: [.linux]))

let package = Package(
    name: "usernoted",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "usernoted", targets: ["usernoted"]),
        .executable(name: "usernotectl", targets: ["usernotectl"]),
        .library(name: "EventLoop", targets: ["EventLoop"]),
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "UserNotificationsCore", targets: ["UserNotificationsCore"]),
        .library(name: "UserNotifications", targets: ["UserNotifications"]),
        // For the micro-benchmarks' package (Benchmarks/Micro), which measures their insides.
        .library(name: "FreedesktopNotifications", targets: ["FreedesktopNotifications"]),
        .library(name: "UsernotedService", targets: ["UsernotedService"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // On an upgrade, check the variadic SQLite options its shim sets against CSQLiteOnUse.
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        // For Examples/SecureChat only: end-to-end encryption of pushes (X25519, HKDF, ChaCha20-Poly1305).
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    ],
    targets: [
        // libdbus, through pkg-config; the shim holds what Swift cannot import.
        .systemLibrary(
            name: "CDBus",
            pkgConfig: "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        // libmosquitto (MQTT), through pkg-config.
        .systemLibrary(
            name: "CMosquitto",
            pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]
        ),
        // GIO, through pkg-config: apps' .desktop files (their names and icons), as the desktop reads them.
        .systemLibrary(
            name: "CGIO",
            pkgConfig: "gio-unix-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // libcanberra, through pkg-config: event sounds from the freedesktop sound theme, for
        // servers that play none.
        .systemLibrary(
            name: "CCanberra",
            pkgConfig: "libcanberra",
            providers: [.apt(["libcanberra-dev"])]
        ),
        // The three above loaded on first use (dlopen) rather than at every start: found and
        // linked through pkg-config as ever, and dropped from the released binaries' needed
        // libraries by scripts/load-on-use (docs/performance.md, P4 and P7). One target each
        // for their functions, so that what needs one links only that one; they have no
        // header of their own (publicHeadersPath: the functions are declared by the library's).
        .target(name: "CLoadOnUse"),
        .target(name: "CMosquittoOnUse", dependencies: ["CMosquitto", "CLoadOnUse"], publicHeadersPath: "."),
        .target(name: "CGIOOnUse", dependencies: ["CGIO", "CLoadOnUse"], publicHeadersPath: "."),
        .target(name: "CCanberraOnUse", dependencies: ["CCanberra", "CLoadOnUse"], publicHeadersPath: "."),
        // And SQLite, which GRDB links: loaded by the store's thread (its first call) rather than
        // by the loader before main.
        .target(
            name: "CSQLiteOnUse", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift"), "CLoadOnUse"],
            publicHeadersPath: "."),
        // Linux interfaces Glibc's Swift module leaves out (epoll, eventfd, signalfd, timerfd).
        .systemLibrary(name: "CLinux"),
        // The Swift runtime's entry point for running a job, for LoopExecutor.
        .target(name: "CSwiftJobs"),
        // The event loop: one epoll thread with its watches, timers, signals and work handed to
        // it; knows nothing of D-Bus.
        .target(name: "EventLoop", dependencies: ["CLinux"]),
        // A typed async binding of libdbus on the event loop; knows nothing of notifications.
        .target(name: "DBus", dependencies: ["CDBus", "EventLoop"]),
        // An MQTT 5 client (libmosquitto) driven from a LoopThread; knows nothing of notifications.
        .target(name: "MQTT", dependencies: ["CMosquitto", "CMosquittoOnUse", "CLoadOnUse", "EventLoop"]),
        // A default executor that runs every task on the process's LoopThread.
        .target(name: "LoopExecutor", dependencies: ["CSwiftJobs", "EventLoop"]),
        // Apple's notification model as pure values; Foundation only.
        .target(name: "UserNotificationsCore"),
        // usernoted's D-Bus API declared once (names, Center1 and Handler1 members, errors):
        // the daemon serves it and every client calls it.
        .target(name: "UsernotedAPI", dependencies: ["DBus", "UserNotificationsCore"]),
        // Model ⇄ org.freedesktop.Notifications.
        .target(
            name: "FreedesktopNotifications",
            dependencies: ["CCanberra", "CCanberraOnUse", "CGIO", "CGIOOnUse", "CLoadOnUse", "DBus", "EventLoop", "UserNotificationsCore"]
        ),
        // The Center1 API, store, scheduler, handlers and routing.
        .target(
            name: "UsernotedService",
            dependencies: [
                "CLinux", "EventLoop", "DBus", "MQTT", "UserNotificationsCore", "UsernotedAPI", "FreedesktopNotifications",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own API, which GRDB wraps, for what GRDB does not: the log's commit hook.
                .product(name: "GRDBSQLite", package: "GRDB.swift"), "CSQLiteOnUse",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        .executableTarget(
            name: "usernoted",
            dependencies: [
                "UsernotedService", "DBus", "EventLoop", "LoopExecutor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["exports.map"],
            linkerSettings: [exportsNothing, packedRelocations]
        ),
        .executableTarget(
            name: "usernotectl",
            dependencies: [
                "DBus", "EventLoop", "LoopExecutor", "MQTT", "UserNotificationsCore", "UsernotedAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [exportsNothing, packedRelocations]
        ),
        // Apple's UserNotifications API over the bus, so Apple-platform code ports.
        .target(name: "UserNotifications", dependencies: ["DBus", "UserNotificationsCore", "UsernotedAPI"]),
        // The seed apps, ported: each runs with `swift run <Name>` (see Examples/<Name>/README.md).
        .executableTarget(
            name: "MeetingInvite", dependencies: ["UserNotifications"],
            path: "Examples/MeetingInvite", exclude: ["README.md"]),
        .executableTarget(
            name: "Reminders",
            dependencies: ["UserNotifications", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Examples/Reminders", exclude: ["README.md"]),
        .executableTarget(
            name: "Counter", dependencies: ["UserNotifications"],
            path: "Examples/Counter", exclude: ["README.md"]),
        .executableTarget(
            name: "Chat", dependencies: ["UserNotifications"],
            path: "Examples/Chat", exclude: ["README.md"]),
        .executableTarget(
            name: "SecureChat",
            dependencies: ["UserNotifications", "DBus", "UsernotedAPI", .product(name: "Crypto", package: "swift-crypto")],
            path: "Examples/SecureChat", exclude: ["README.md"]),
        // A stand-in app that D-Bus activation starts in tests.
        .executableTarget(name: "HandlerApp", dependencies: ["DBus", "UsernotedAPI"], path: "Tests/TestApps/HandlerApp"),
        // A command-line tool that posts once from synchronous code and exits at once, in tests.
        .executableTarget(name: "OneShotApp", dependencies: ["UserNotifications"], path: "Tests/TestApps/OneShotApp"),
        // A notification service extension built with UNServiceExtensionMain, in tests.
        .executableTarget(
            name: "ServiceExtensionApp", dependencies: ["UserNotifications"], path: "Tests/TestApps/ServiceExtensionApp"),
        // A stand-in for a sandboxed app (chroot with a .flatpak-info, a snap's cgroup) in tests.
        .executableTarget(name: "CallerApp", dependencies: ["DBus", "UsernotedAPI"], path: "Tests/TestApps/CallerApp"),
        // Test harness: private dbus-daemon, Xvfb, dunst, the built daemon.
        .target(
            name: "TestSupport",
            dependencies: [
                "CLinux", "DBus", "MQTT", "UserNotificationsCore", "UsernotedAPI", "FreedesktopNotifications",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Reliability drills (make drills): the built daemon on a private bus, crashed, flooded and fuzzed.
        .executableTarget(
            name: "usernoted-drills",
            dependencies: [
                "DBus", "MQTT", "UserNotificationsCore", "UsernotedAPI", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Drills"
        ),
        // ICU's data package without what usernoted never opens, for the release build (scripts/icu-data).
        .target(name: "ICUData"),
        .executableTarget(name: "trim-icu-data", dependencies: ["ICUData"]),
        // Benchmarks (make bench): the baselines on raw libdbus, and the driver that runs every measure.
        .executableTarget(name: "bench-fake-server", dependencies: ["CDBus"], path: "Benchmarks/FakeServer"),
        .executableTarget(name: "bench-raw-client", dependencies: ["CDBus"], path: "Benchmarks/RawClient"),
        .executableTarget(name: "bench-name-owner", dependencies: ["CDBus"], path: "Benchmarks/NameOwner"),
        .executableTarget(
            name: "bench-relay", dependencies: ["CDBus"], path: "Benchmarks/Relay", linkerSettings: [.linkedLibrary("sqlite3")]),
        .executableTarget(
            name: "usernoted-bench", dependencies: ["DBus", "UsernotedAPI", "TestSupport"], path: "Benchmarks/Driver"),

        .testTarget(name: "EventLoopTests", dependencies: ["EventLoop", "TestSupport"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"]),
        .testTarget(name: "MQTTTests", dependencies: ["MQTT", "TestSupport"]),
        .testTarget(name: "ICUDataTests", dependencies: ["ICUData", "TestSupport"]),
        .testTarget(name: "UsernotedAPITests", dependencies: ["UsernotedAPI", "TestSupport"]),
        .testTarget(name: "LoopExecutorTests", dependencies: ["LoopExecutor", "CSwiftJobs", "EventLoop", "TestSupport"]),
        .testTarget(name: "UserNotificationsCoreTests", dependencies: ["UserNotificationsCore", "TestSupport"]),
        .testTarget(
            name: "FreedesktopNotificationsTests",
            dependencies: ["FreedesktopNotifications", "TestSupport"]
        ),
        .testTarget(
            name: "UsernotedServiceTests",
            dependencies: ["UsernotedService", "CLinux", "EventLoop", "MQTT", "TestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "DBus", "MQTT", "UserNotificationsCore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "UserNotificationsTests", dependencies: ["UserNotifications", "TestSupport"]),
        .testTarget(
            name: "UserNotificationsEndToEndTests",
            dependencies: ["UserNotifications", "TestSupport"]
        ),
        // Every declaration of Apple's framework referenced once, and app-style samples run against
        // usernoted; Shared/ is compiled again by the next two targets: in the Swift 5 language
        // mode, and in Swift 6 as apps made in 2025–2026 build (main actor by default,
        // nonisolated async functions run on the caller's actor, isolated conformances inferred).
        .testTarget(name: "UserNotificationsConformanceTests", dependencies: ["UserNotifications", "TestSupport"]),
        .testTarget(
            name: "UserNotificationsConformanceSwift5Tests", dependencies: ["UserNotifications"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "UserNotificationsConformanceMainActorTests", dependencies: ["UserNotifications"],
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]),
        // Runs the built examples (and Examples/shell) against usernoted and dunst, as a user would.
        .testTarget(name: "ExamplesTests", dependencies: ["DBus", "MQTT", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
