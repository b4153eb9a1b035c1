@testable import ChatLayoutGoldenTesting
@testable import ChatLayoutGoldens
import ChatLayoutICU
import ChatLayoutKit
import Foundation
import Testing

/// What a user of the golden assertions meets: documents found from the test's package, a
/// failure that says where the golden is and how to accept it, a header that names every
/// setting the drawing was made with, and snapshots made in an environment.
struct GoldenErgonomicsTests {
    /// A throwaway package: `Package.swift`, a test file's folder and a fixture.
    private func package() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("golden-package-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Tests/AppTests"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.1\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        try Data(AssertFixture.document).write(to: root.appendingPathComponent("Fixtures/rebels.json"))
        return root
    }

    // MARK: ofFile: from the test's package

    @Test func relativeDocumentPath_isReadFromTheTestsPackage_notTheWorkingDirectory() throws {
        let root = try package()
        let path = DocumentPath("Fixtures/rebels.json", testFile: root.appendingPathComponent("Tests/AppTests/AppTests.swift").path)
        #expect(path.base == root.standardizedFileURL.path || path.base == root.path)
        #expect(try path.read() == AssertFixture.document)
        // The working directory (this package's root under `swift test`) has no such file.
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/Fixtures/rebels.json"))
    }

    @Test func absoluteDocumentPath_isReadAsItIs() throws {
        let root = try package()
        let file = root.appendingPathComponent("Fixtures/rebels.json").path
        let path = DocumentPath(file, testFile: "/nowhere/Tests/AppTests.swift")
        #expect(path.resolved == file && path.base == nil)
        #expect(try path.read() == AssertFixture.document)
    }

    @Test func missingDocument_failsNamingThePathTried_andTheFolder() {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        withKnownIssue {
            assertLayoutSnapshot(ofFile: "Fixtures/absent.json", width: 36, record: .never, goldenDirectory: "/nonexistent")
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == "Fixtures/absent.json: no such file (tried \(package)/Fixtures/absent.json: "
                + "a relative path is read from the test's package, \(package), not from the working directory)"
        }
    }

    @Test func documentInThisPackage_isDrawnByItsRelativePath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assert-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The golden, drawn from the sample read by its absolute path (recording is off where
        // CI=true), then compared with the drawing of the relative path.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let bytes = try [UInt8](Data(contentsOf: package.appendingPathComponent("Samples/conversation.json")))
        let drawing = try LayoutSnapshot(name: "sample", json: bytes, document: "conversation.json", width: 44).drawing()
        try drawing.write(toFile: folder + "/sample.txt", atomically: true, encoding: .utf8)
        assertLayoutSnapshot(ofFile: "Samples/conversation.json", width: 44, named: "sample", record: .never, goldenDirectory: folder)
        #expect(try String(contentsOfFile: folder + "/sample.txt", encoding: .utf8).contains("document: conversation.json · width 44"))
    }

    // MARK: Failures say where and how to accept

    @Test func missingGolden_saysHowToRecordIt() {
        let message = GoldenFile.Outcome.missing.message(path: "/x/__Goldens__/T/a.txt", name: "a")
        #expect(message?.hasPrefix("missing golden /x/__Goldens__/T/a.txt (record mode never)\nto record it: run again with GOLDEN_RECORD=missing") == true)
    }

    // MARK: The header names the settings

    private func header(_ adjust: (inout MessageListConfig) -> Void = { _ in }) throws -> [String] {
        let snapshot = try LayoutSnapshot(name: "rebels", json: AssertFixture.document, document: "rebels.json", width: 36, adjust: adjust)
        return try snapshot.drawing().split(separator: "\n", omittingEmptySubsequences: false).prefix(5).map(String.init)
    }

    @Test func header_withTheDefaults_hasNoConfigLine() throws {
        #expect(try header() == ["scenario: rebels", "document: rebels.json · width 36 · dates overlay",
                                 "locale en_US · time zone Europe/Berlin · now 2024-03-05T10:00:00Z · you: leia",
                                 "Unicode \(ICUTextEngine.unicodeVersion) · ICU \(ICUTextEngine.icuVersion) · cell widths \(CellWidthPolicy.version)", ""])
    }

    @Test func header_namesGroupingIntervalAndEveryChangedSetting() throws {
        let lines = try header {
            $0.groupMessages = false
            $0.maxTimeIntervalBetweenMessagesInGroup = 5
            $0.groupingRule = .sameMinute
            $0.displayOptions.showAvatars = false
            $0.layoutDirection = .rightToLeft
        }
        #expect(lines[2] == "config: groupMessages false · maxTimeIntervalBetweenMessagesInGroup 5.0 · groupingRule same_minute"
            + " · displayOptions.showAvatars false · layoutDirection rtl")
    }

    @Test func header_ofAThread_namesItsRepliesCounter_notOnAMessageList() throws {
        var config = MessageListConfig()
        config.threadView.repliesCounterEnabled = false
        config.threadView.parentPresentation = .firstMessage
        #expect(LayoutSnapshot.changedSettings(config, screen: .threadView(parentID: "m1")) == ["threadView.repliesCounterEnabled false"])
        #expect(LayoutSnapshot.changedSettings(config, screen: .messageList).isEmpty)
    }

    // MARK: In an environment

    private var conversation: Conversation {
        let han = User(id: "han", name: "Han Solo")
        return Conversation(channel: Channel(name: "Rebels", memberCount: 3), messages: [
            Message(id: "m1", text: "On my way", user: han, createdAt: Timestamp(rfc3339: "2024-03-05T09:41:00Z")!),
        ])
    }

    private let context = LayoutContext(currentUserID: "leia", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!,
                                        timeZone: "Europe/Berlin", locale: "en_US")

    @Test func environment_withCustomWords_drawsThem_andTheHeaderSaysSo() throws {
        var strings = ChatStrings(locale: "en_US")
        strings.noMessages = "Nothing here yet!"
        var config = MessageListConfig()
        config.showEmptyState = true
        let environment = try LayoutEnvironment(config: config, context: context, strings: strings)
        let empty = Conversation(channel: Channel(name: "Rebels", memberCount: 3), messages: [])
        let drawing = try LayoutSnapshot(name: "words", conversation: empty, environment: environment, width: 36).drawing()
        #expect(drawing.contains("Nothing here yet!"))
        #expect(!drawing.contains("No messages yet"))
        #expect(drawing.contains("\nenvironment: measurer ICUTextEngine · formatter ICULocaleFormatter · presentation PlainPresentation"
            + " · strings noMessages\n"))
    }

    @Test func environment_inPoints_drawsTheTreeAndSVGInPoints_andRefusesCells() throws {
        let environment = try LayoutEnvironment(context: context, measurer: PointsMeasurer(), metrics: .points(lineHeight: 20))
        let snapshot = LayoutSnapshot(name: "points", conversation: conversation, environment: environment, width: 390)
        let tree = try snapshot.drawing(.tree)
        #expect(tree.hasPrefix("scenario: points (box tree)\n"))
        #expect(try snapshot.screen().width == 390)
        #expect(throws: GoldenError("points: the environment lays out in the units of PointsMeasurer (line height 20), not in cells: "
            + "draw it as .svg (in its units) or .tree")) { try snapshot.drawing(.text) }
        // SVG one pixel a point, as a screen laid out in points draws: 390 wide, not 390 cells of 10 pixels.
        let svg = try snapshot.drawing(.svg)
        #expect(svg.contains("width=\"390\""), "\(svg.prefix(200))")
    }

    @Test func assertion_inAnEnvironment() throws {
        let environment = try LayoutEnvironment(context: context)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assert-\(UUID().uuidString)").path
        let drawing = try LayoutSnapshot(name: "env", conversation: conversation, environment: environment, width: 36).drawing()
        try GoldenFile(path: folder + "/env.txt").write(drawing)
        assertLayoutSnapshot(of: conversation, environment: environment, width: 36, named: "env", record: .never, goldenDirectory: folder)
    }
}

/// Ten points a character, wrapping at spaces: a stand-in for a proportional measurer.
private struct PointsMeasurer: TextMeasuring {
    let engine = ICUTextEngine()
    func width(of text: String) -> Int { engine.width(of: text) * 10 }
    func wrap(_ text: String, width: Int) -> WrappedText {
        var wrapped = engine.wrap(text, width: max(1, width / 10))
        wrapped.lines = wrapped.lines.map { TextLine(text: $0.text, display: $0.display, width: $0.width * 10) }
        return wrapped
    }
    func truncate(_ text: String, width: Int) -> String { engine.truncate(text, width: width / 10) }
}
