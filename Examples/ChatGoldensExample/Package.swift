// swift-tools-version:6.0
import PackageDescription

// A chat app's own package, as a user of ChatLayoutKit writes it: its conversation fixtures
// and its golden tests, with ChatLayoutKit taken by path (a real app uses the repository's URL).
let package = Package(
    name: "ChatGoldensExample",
    products: [.library(name: "ChatScreens", targets: ["ChatScreens"])],
    dependencies: [.package(name: "ChatLayoutKit", path: "../..")],
    targets: [
        .target(name: "ChatScreens", dependencies: [.product(name: "ChatLayoutKit", package: "ChatLayoutKit")]),
        .testTarget(
            name: "ChatScreensTests",
            dependencies: [
                "ChatScreens",
                .product(name: "ChatLayoutKit", package: "ChatLayoutKit"),
                .product(name: "ChatLayoutGoldens", package: "ChatLayoutKit"),
                .product(name: "ChatLayoutGoldenTesting", package: "ChatLayoutKit"),
            ]
        ),
    ]
)
