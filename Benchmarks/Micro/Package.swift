// swift-tools-version:6.1
// In-process micro-benchmarks (ordo-one/benchmark), in a package of their own so that the
// main build and CI never compile them. Run from the repository root: make bench-micro.
import PackageDescription

let package = Package(
    name: "usernoted-micro",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, since a path package is otherwise known by its directory name (the clone's).
        .package(name: "usernoted", path: "../.."),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "UsernotedMicro",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "UserNotificationsCore", package: "usernoted"),
                .product(name: "FreedesktopNotifications", package: "usernoted"),
                .product(name: "UsernotedService", package: "usernoted"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/UsernotedMicro",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
