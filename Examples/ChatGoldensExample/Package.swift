// swift-tools-version:6.1
import PackageDescription

// A chat app's own package, as a user of ChatLayoutKit writes it: its conversation fixtures
// and its golden tests, with ChatLayoutKit taken by path (a real app uses the repository's URL).
let package = Package(
    name: "ChatGoldensExample",
    products: [.library(name: "ChatScreens", targets: ["ChatScreens"])],
    dependencies: [
        // With the SnapshotTesting trait: ChatLayoutSnapshotStrategy's strategies, for the test
        // that uses swift-snapshot-testing as a team already on it would.
        .package(name: "ChatLayoutKit", path: "../..", traits: ["SnapshotTesting"]),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        .target(name: "ChatScreens", dependencies: [.product(name: "ChatLayoutKit", package: "ChatLayoutKit")]),
        .testTarget(
            name: "ChatScreensTests",
            dependencies: [
                "ChatScreens",
                .product(name: "ChatLayoutKit", package: "ChatLayoutKit"),
                .product(name: "ChatLayoutGoldens", package: "ChatLayoutKit"),
                .product(name: "ChatLayoutGoldenTesting", package: "ChatLayoutKit"),
                .product(name: "ChatLayoutSnapshotStrategy", package: "ChatLayoutKit"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // The goldens beside the tests are read from the source tree by #filePath, never
            // bundled: excluded, so that SwiftPM does not warn about files it cannot handle.
            exclude: ["__Goldens__", "__Snapshots__"]
        ),
    ]
)
