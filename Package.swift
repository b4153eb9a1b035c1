// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ChatLayoutKit",
    products: [
        .library(name: "ChatLayoutKit", targets: ["ChatLayoutKit"]),
        .library(name: "ChatLayoutDecoding", targets: ["ChatLayoutDecoding"]),
        .library(name: "ChatLayoutFoundation", targets: ["ChatLayoutFoundation"]),
        .library(name: "ChatLayoutICU", targets: ["ChatLayoutICU"]),
        .library(name: "ChatLayoutTextRenderer", targets: ["ChatLayoutTextRenderer"]),
        .library(name: "ChatLayoutSVGRenderer", targets: ["ChatLayoutSVGRenderer"]),
        .library(name: "ChatLayoutPixel", targets: ["ChatLayoutPixel"]),
        .library(name: "ChatLayoutMarkdown", targets: ["ChatLayoutMarkdown"]),
        .library(name: "ChatLayoutGoldens", targets: ["ChatLayoutGoldens"]),
        .library(name: "ChatLayoutGoldenTesting", targets: ["ChatLayoutGoldenTesting"]),
        // The documented contract of `TextMeasuring`, run over a corpus against a custom measurer.
        .library(name: "TextMeasuringConformance", targets: ["TextMeasuringConformance"]),
        // swift-snapshot-testing strategies for the drawings; empty unless the package is taken
        // with the `SnapshotTesting` trait, so that nobody else builds that dependency.
        .library(name: "ChatLayoutSnapshotStrategy", targets: ["ChatLayoutSnapshotStrategy"]),
        // No executable products: in this package, `swift run chat-layout` and `swift run
        // chat-layout-bench` find their targets all the same, and an app that depends on the
        // package then resolves none of the command line's dependencies (swift-argument-parser).
    ],
    traits: [
        .trait(name: "SnapshotTesting",
               description: "ChatLayoutSnapshotStrategy's swift-snapshot-testing strategies (builds swift-snapshot-testing and swift-syntax)"),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Only with the SnapshotTesting trait: without it, SwiftPM neither fetches nor builds it.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        // `swift package generate-documentation` (DocC); a command plugin, built only when run.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The core: model, decisions, box tree, layout. No ICU, no UI: Apple front ends import
        // it and inject their own measurer. It is the pipeline's stages, one target each, each
        // depending only on the stages before it, so the compiler keeps the pipeline one-way;
        // `ChatLayoutKit` re-exports them all and holds the documentation.
        // 1. The model: documents, configuration, strings, times, neutral text. The translations
        //    are data (Localization/*.json); Scripts/generate-chat-strings.py writes them into
        //    BuiltInStringTables.swift, so the core reads no file at run time.
        .target(name: "ChatLayoutModel", exclude: ["Localization"]),
        // 2. The decisions: grouping, separators, what each message shows, thread list and view.
        .target(name: "ChatLayoutDecisions", dependencies: ["ChatLayoutModel"]),
        // 3. The composition (what a row is made of) and the box tree it is drawn as.
        .target(name: "ChatLayoutComposition", dependencies: ["ChatLayoutModel", "ChatLayoutDecisions"]),
        // 4. The placement: text measured and rows stacked into frames; the incremental list;
        //    the screens.
        .target(name: "ChatLayoutPlacement", dependencies: ["ChatLayoutModel", "ChatLayoutDecisions", "ChatLayoutComposition"]),
        .target(name: "ChatLayoutKit", dependencies: ["ChatLayoutModel", "ChatLayoutDecisions", "ChatLayoutComposition",
                                                      "ChatLayoutPlacement"]),

        // Stream's REST payloads (and our conversation documents) decoded into the core's model,
        // at the edge: a hand-written JSON parser that locates every error by line and column or
        // JSON path and repairs invalid UTF-8. Standard library only, like the core.
        .target(name: "ChatLayoutDecoding", dependencies: ["ChatLayoutKit", "ChatLayoutModel"]),

        // Foundation at the edge: `Date`, `Locale` and `TimeZone` conveniences, and the core's
        // `Codable` values as JSON through `JSONEncoder`/`JSONDecoder` (with the decoder's
        // located errors). The core and the decoder stay free of Foundation.
        .target(name: "ChatLayoutFoundation", dependencies: ["ChatLayoutKit", "ChatLayoutDecoding"]),

        // The system ICU (libicu-dev), found through pkg-config.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // ICU renames its C symbols per version (ubrk_open → ubrk_open_72), which Swift cannot
        // call; this small C target exposes stable names.
        .target(name: "ChatLayoutICUShim", dependencies: ["CICU"]),

        // The text engine: segmentation, widths, wrapping, bidi, locale formatting.
        .target(name: "ChatLayoutICU", dependencies: ["ChatLayoutKit", "ChatLayoutICUShim"]),

        .target(name: "ChatLayoutTextRenderer", dependencies: ["ChatLayoutKit", "ChatLayoutICU"]),

        // The same box tree as vector graphics; ICU for the cluster widths that place text in cells.
        .target(name: "ChatLayoutSVGRenderer", dependencies: ["ChatLayoutKit"]),

        // The system FreeType (libfreetype-dev), found through pkg-config, and a small C target
        // with the few stable functions the pixel measurer needs. HarfBuzz is not linked: the
        // shim loads the system's libharfbuzz.so.0 when the first font is opened, so building
        // needs no HarfBuzz headers and a machine without HarfBuzz still runs all but points.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]
        ),
        .target(name: "ChatLayoutPixelShim", dependencies: ["CFreeType"],
                linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),

        // Text measured in points with proportional fonts (HarfBuzz), for pixel front ends;
        // the ICU engine's segmentation, so both measurers break lines at the same places.
        .target(name: "ChatLayoutPixel", dependencies: ["ChatLayoutKit", "ChatLayoutICU", "ChatLayoutPixelShim"]),

        // Message text as markdown: cmark-gfm (CommonMark with GitHub's extensions), loaded from
        // the system's libcmark-gfm when first used, as HarfBuzz is: building needs no cmark
        // headers, and a machine without it draws every text as written.
        .target(name: "ChatLayoutMarkdownShim", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(name: "ChatLayoutMarkdown", dependencies: ["ChatLayoutKit", "ChatLayoutMarkdownShim"]),

        // Golden drawings for the library's users as for its own tests: a drawing with the
        // header naming what it depends on, record modes, diffs naming line and column, and
        // folders of payloads with a manifest (`chat-layout golden`). No XCTest, no Testing.
        .target(name: "ChatLayoutGoldens", dependencies: ["ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutICU",
                                                          "ChatLayoutTextRenderer", "ChatLayoutSVGRenderer", "ChatLayoutMarkdown"]),

        // `assertLayoutSnapshot` for a user's test target: failures through Swift Testing or
        // XCTest, whichever runs the test. Only test targets should link it.
        .target(name: "ChatLayoutGoldenTesting", dependencies: ["ChatLayoutGoldens", "ChatLayoutKit"]),
        // The invariants of `TextMeasuring` (hard breaks, hanging spaces, concatenation,
        // truncation) checked over a corpus, for anyone writing a measurer. The core only.
        .target(name: "TextMeasuringConformance", dependencies: ["ChatLayoutKit"]),
        // `Snapshotting<LayoutSnapshot, String>` and `Snapshotting<LaidOutScreen, String>` for teams
        // already on swift-snapshot-testing: the same drawings and header as ChatLayoutGoldens.
        .target(name: "ChatLayoutSnapshotStrategy", dependencies: [
            "ChatLayoutGoldens", "ChatLayoutKit",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(traits: ["SnapshotTesting"])),
        ]),

        .executableTarget(
            name: "chat-layout",
            dependencies: [
                "ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutICU", "ChatLayoutTextRenderer", "ChatLayoutSVGRenderer",
                "ChatLayoutPixel", "ChatLayoutGoldens", "ChatLayoutMarkdown",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // Writes the generated character-property table from the system ICU (run after an
        // ICU upgrade; the table is checked in).
        .executableTarget(name: "generate-character-table", dependencies: ["ChatLayoutICU"], path: "Scripts/generate-character-table"),

        // The benchmark (BENCHMARKS.md); the shim for ICU's own iterators as the peer.
        .executableTarget(
            name: "chat-layout-bench",
            dependencies: ["ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutICU", "ChatLayoutICUShim", "ChatLayoutPlacement", "ChatLayoutTextRenderer", "ChatLayoutPixel", "HeapStatistics",
                           "ChatLayoutTestSupport"],
            path: "Benchmarks/chat-layout-bench"
        ),
        .target(name: "HeapStatistics", path: "Benchmarks/heap-statistics"),

        // What the test targets and the benchmark share: the seeded generator, and the reading
        // of the documentation's examples for the tests that run them.
        .target(name: "ChatLayoutTestSupport", path: "Tests/ChatLayoutTestSupport"),

        // The core's tests may use the ICU engine as measurer and formatter, and the renderers
        // to check drawn extents against the layout and drawings end to end; the core never does.
        .testTarget(name: "ChatLayoutKitTests", dependencies: ["ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutICU", "ChatLayoutTextRenderer", "ChatLayoutSVGRenderer",
                                                          "ChatLayoutPixel", "ChatLayoutTestSupport"]),
        .testTarget(
            name: "ChatLayoutICUTests",
            dependencies: ["ChatLayoutICU", "ChatLayoutKit", "ChatLayoutTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ChatLayoutTextRendererTests",
            dependencies: ["ChatLayoutTextRenderer", "ChatLayoutICU", "ChatLayoutKit"]
        ),
        // The SVG renderer's tests; one renders through headless Chromium when it is installed.
        .testTarget(
            name: "ChatLayoutSVGRendererTests",
            dependencies: ["ChatLayoutSVGRenderer", "ChatLayoutICU", "ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutTestSupport"]
        ),
        // The pixel measurer's tests, on the Noto fonts that Scripts/test.sh installs.
        .testTarget(name: "ChatLayoutPixelTests", dependencies: ["ChatLayoutPixel", "ChatLayoutICU", "ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutMarkdown",
                                                            "ChatLayoutTextRenderer", "ChatLayoutSVGRenderer", "ChatLayoutTestSupport",
                                                            "TextMeasuringConformance"]),
        .testTarget(name: "ChatLayoutCLITests", dependencies: ["chat-layout"]),
        // The markdown parser on cmark-gfm, which Scripts/test.sh installs.
        .testTarget(name: "ChatLayoutMarkdownTests", dependencies: ["ChatLayoutMarkdown", "ChatLayoutKit", "ChatLayoutTestSupport"]),
        // The Foundation conveniences, and every `Codable` type's round trip through JSONEncoder
        // and JSONDecoder (on values built here and on the golden documents, decoded and resolved).
        .testTarget(
            name: "ChatLayoutFoundationTests",
            dependencies: ["ChatLayoutFoundation", "ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutICU", "ChatLayoutTestSupport"]
        ),
        // The golden machinery itself: record modes, differences, folders of payloads.
        .testTarget(name: "ChatLayoutGoldensTests", dependencies: ["ChatLayoutGoldens", "ChatLayoutGoldenTesting", "ChatLayoutKit",
                                                                "ChatLayoutICU"]),
        // The conformance check, run against the ICU engine and against measurers broken on purpose.
        .testTarget(name: "TextMeasuringConformanceTests", dependencies: ["TextMeasuringConformance", "ChatLayoutICU", "ChatLayoutKit"]),
        // Golden drawings of whole conversations, compared with Goldens/.
        .testTarget(
            name: "GoldenTests",
            dependencies: ["ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutICU", "ChatLayoutTextRenderer", "ChatLayoutSVGRenderer",
                           "ChatLayoutGoldens", "ChatLayoutMarkdown"],
            resources: [.copy("Documents")]
        ),
    ]
)

// Fuzz targets (FUZZING.md): declared only when CHATLAYOUT_FUZZ is set, so that a plain
// `swift build` or `swift test` never sees them. Fuzz/run.sh builds each one alone with
// `-sanitize=fuzzer,address`; each one's `main` hands its `LLVMFuzzerTestOneInput` to libFuzzer.
if Context.environment["CHATLAYOUT_FUZZ"] != nil {
    let fuzzTargets = ["FuzzDecoder", "FuzzTextEngine", "FuzzPipeline"]
    package.targets.append(.target(name: "CFuzzDriver", path: "Fuzz/Sources/CFuzzDriver"))
    package.targets.append(.target(
        name: "FuzzSupport",
        dependencies: ["ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutICU", "ChatLayoutTextRenderer", "CFuzzDriver"],
        path: "Fuzz/Sources/FuzzSupport"
    ))
    for name in fuzzTargets {
        package.targets.append(.executableTarget(
            name: name,
            dependencies: ["ChatLayoutKit", "ChatLayoutDecoding", "ChatLayoutICU", "ChatLayoutTextRenderer", "FuzzSupport"],
            path: "Fuzz/Sources/\(name)"
        ))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
