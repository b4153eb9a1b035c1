import ChatLayoutGoldens
import ChatLayoutKit
import Foundation
import Testing
import XCTest

/// Asserts that `snapshot`'s drawing in `format` equals its golden file, recording it as the
/// record mode says (`GoldenRecordMode.fromEnvironment()`: `GOLDEN_RECORD`, never on
/// `CI=true`). A difference fails the test with the first differing line and column and the
/// differing lines; under Swift Testing through `Issue.record`, under XCTest through `XCTFail`.
///
/// The golden is `<test file's folder>/__Goldens__/<test file's name>/<name>.<ext>` (`txt`,
/// `svg` or `tree.txt`), `name` being `named`, else the snapshot's name; `goldenDirectory`
/// replaces the folder.
///
/// - Parameters:
///   - snapshot: what is drawn.
///   - format: the drawing's format.
///   - named: the golden's file name, without extension (default: the snapshot's name).
///   - record: a record mode for this assertion instead of `GOLDEN_RECORD` (ignored on CI).
///   - goldenDirectory: the folder of the golden, instead of the one beside the test file.
///   - fileID: where a failure is reported (the caller's file, by default).
///   - filePath: the test file, whose folder holds `__Goldens__`, and where failures point.
///   - line: the line a failure points to.
///   - column: the column a failure points to.
public func assertLayoutSnapshot(
    of snapshot: LayoutSnapshot, as format: GoldenFormat = .text, named: String? = nil, record: GoldenRecordMode? = nil,
    goldenDirectory: String? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) {
    let location = SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let name = named ?? snapshot.name
    let file = GoldenFile(path: location.goldenPath(directory: goldenDirectory, name: name, format: format))
    let mode = GoldenRecordMode.isContinuousIntegration() ? .never : (record ?? .fromEnvironment())
    do {
        let outcome = try file.verify(try snapshot.drawing(format), mode: mode)
        if let message = outcome.message(path: file.path, name: name) { location.fail(message) }
    } catch {
        location.fail(error.message)
    }
}

/// Asserts that a document's drawing equals its golden: `json` (a conversation document or a
/// Stream payload) decoded, its context completed by `overrides` (now, time zone and locale
/// must come from one or the other), laid out as `screen` at `width`, maybe in a viewport.
/// The golden is named `named`, else after the test function. See
/// ``assertLayoutSnapshot(of:as:named:record:goldenDirectory:fileID:filePath:line:column:)``.
public func assertLayoutSnapshot(
    of json: [UInt8], document: String = "document.json", screen: LayoutSnapshot.Screen = .messageList, width: Int,
    height: Int? = nil, scrollOffset: Int? = nil, overrides: LayoutSnapshot.Overrides = LayoutSnapshot.Overrides(),
    adjust: (inout MessageListConfig) -> Void = { _ in },
    as format: GoldenFormat = .text, named: String? = nil, record: GoldenRecordMode? = nil, goldenDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let name = named ?? goldenName(forTestFunction: "\(function)")
    do {
        let snapshot = try LayoutSnapshot(name: name, json: json, document: document, screen: screen, width: width, height: height,
                                          scrollOffset: scrollOffset, overrides: overrides, adjust: adjust)
        assertLayoutSnapshot(of: snapshot, as: format, named: name, record: record, goldenDirectory: goldenDirectory,
                             fileID: fileID, filePath: filePath, line: line, column: column)
    } catch {
        SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column).fail(error.message)
    }
}

/// Asserts that the drawing of the document in the file at `path` equals its golden, as
/// ``assertLayoutSnapshot(of:document:screen:width:height:scrollOffset:overrides:adjust:as:named:record:goldenDirectory:fileID:filePath:function:line:column:)``
/// does for its bytes; the header names the file by its last path component.
///
/// A relative `path` is read from the test's package — the nearest folder above the test file
/// (`filePath`) that holds `Package.swift` — not from the working directory, so the same
/// assertion reads the same file under `swift test`, Xcode or any runner:
/// `assertLayoutSnapshot(ofFile: "Fixtures/support.json", width: 40)`. A file that cannot be
/// read fails the test naming the path given, the path tried and the folder it was read from.
public func assertLayoutSnapshot(
    ofFile path: String, screen: LayoutSnapshot.Screen = .messageList, width: Int, height: Int? = nil, scrollOffset: Int? = nil,
    overrides: LayoutSnapshot.Overrides = LayoutSnapshot.Overrides(), adjust: (inout MessageListConfig) -> Void = { _ in },
    as format: GoldenFormat = .text, named: String? = nil, record: GoldenRecordMode? = nil, goldenDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let document = DocumentPath(path, testFile: "\(filePath)")
    let bytes: [UInt8]
    do {
        bytes = try document.read()
    } catch {
        SnapshotLocation(fileID: fileID, filePath: filePath, line: line, column: column).fail(error.message)
        return
    }
    assertLayoutSnapshot(of: bytes, document: URL(fileURLWithPath: document.resolved).lastPathComponent, screen: screen, width: width,
                         height: height, scrollOffset: scrollOffset, overrides: overrides, adjust: adjust, as: format,
                         named: named, record: record, goldenDirectory: goldenDirectory, fileID: fileID, filePath: filePath,
                         function: function, line: line, column: column)
}

/// A document path as an `ofFile:` assertion gives it, resolved against the test's package.
struct DocumentPath {
    /// The path as given.
    var given: String
    /// The path read: `given` when absolute, else `given` inside ``base``.
    var resolved: String
    /// The folder a relative path is read from: the nearest folder above the test file holding
    /// `Package.swift`, else the test file's own folder; nil for an absolute path.
    var base: String?

    init(_ path: String, testFile: String) {
        given = path
        guard !path.hasPrefix("/") else {
            resolved = path
            base = nil
            return
        }
        let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        var candidate = folder
        var package: URL?
        while candidate.path != "/" && !candidate.path.isEmpty {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                package = candidate
                break
            }
            candidate = candidate.deletingLastPathComponent()
        }
        let root = package ?? folder
        base = root.path
        resolved = root.appendingPathComponent(path).standardizedFileURL.path
    }

    /// The file's bytes.
    ///
    /// - Throws: a ``GoldenError`` naming the path given, the path tried and where a relative
    ///   path is read from.
    func read() throws(GoldenError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue, let data = FileManager.default.contents(atPath: resolved) { return Array(data) }
        let why = !exists ? "no such file" : isDirectory.boolValue ? "is a directory" : "cannot be read"
        var message = "\(given): \(why)"
        if let base {
            message += " (tried \(resolved): a relative path is read from the test's package, \(base), not from the working directory)"
        }
        throw GoldenError(message)
    }
}

/// Asserts that a conversation's drawing, with `config` and `context`, equals its golden.
/// The golden is named `named`, else after the test function. See
/// ``assertLayoutSnapshot(of:as:named:record:goldenDirectory:fileID:filePath:line:column:)``.
public func assertLayoutSnapshot(
    of conversation: Conversation, config: MessageListConfig = MessageListConfig(), context: LayoutContext,
    screen: LayoutSnapshot.Screen = .messageList, width: Int, height: Int? = nil, scrollOffset: Int? = nil,
    as format: GoldenFormat = .text, named: String? = nil, record: GoldenRecordMode? = nil, goldenDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: StaticString = #function,
    line: UInt = #line, column: UInt = #column
) {
    let name = named ?? goldenName(forTestFunction: "\(function)")
    let snapshot = LayoutSnapshot(name: name, conversation: conversation, config: config, context: context, screen: screen,
                                  width: width, height: height, scrollOffset: scrollOffset)
    assertLayoutSnapshot(of: snapshot, as: format, named: name, record: record, goldenDirectory: goldenDirectory,
                         fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that a conversation's drawing in `environment` equals its golden: for custom words
/// (`ChatStrings`), metrics or presentation, or a measurer in points (draw that `as: .svg`, one
/// pixel a point, or `.tree`, the box tree in its units; `.text` is cells and fails for it). The header names
/// the environment's measurer, formatter, presentation and every word or length that is not
/// the default. The golden is named `named`, else after the test function. See
/// ``assertLayoutSnapshot(of:as:named:record:goldenDirectory:fileID:filePath:line:column:)``.
public func assertLayoutSnapshot(
    of conversation: Conversation, environment: LayoutEnvironment, screen: LayoutSnapshot.Screen = .messageList, width: Int,
    height: Int? = nil, scrollOffset: Int? = nil, as format: GoldenFormat = .text, named: String? = nil,
    record: GoldenRecordMode? = nil, goldenDirectory: String? = nil, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line, column: UInt = #column
) {
    let name = named ?? goldenName(forTestFunction: "\(function)")
    let snapshot = LayoutSnapshot(name: name, conversation: conversation, environment: environment, screen: screen, width: width,
                                  height: height, scrollOffset: scrollOffset)
    assertLayoutSnapshot(of: snapshot, as: format, named: name, record: record, goldenDirectory: goldenDirectory,
                         fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that a screen already laid out (in cells by the ICU engine, or in points) draws as
/// its golden. Its header names the screen's size and the text engine only; a screen in points
/// is compared `as: .svg` (drawn in points) or `.tree`, and its text drawing fails the test. The golden is named `named`,
/// else after the test function.
public func assertLayoutSnapshot(
    of screen: LaidOutScreen, as format: GoldenFormat = .text, named: String? = nil, record: GoldenRecordMode? = nil,
    goldenDirectory: String? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    function: StaticString = #function, line: UInt = #line, column: UInt = #column
) {
    let name = named ?? goldenName(forTestFunction: "\(function)")
    assertLayoutSnapshot(of: LayoutSnapshot(name: name, screen: screen), as: format, named: name, record: record,
                         goldenDirectory: goldenDirectory, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The golden's default name for a test function: "drawsTheChannel()" → "drawsTheChannel",
/// "test_x(_:)" → "test_x"; characters other than letters, digits, `_` and `-` become `_`.
public func goldenName(forTestFunction function: String) -> String {
    let bare = function.prefix { $0 != "(" }
    let name = bare.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" }
    return name.isEmpty ? "snapshot" : String(name)
}

/// Where an assertion was written: where its goldens live and where its failures point.
struct SnapshotLocation {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    /// `<folder of the test file>/__Goldens__/<test file name>/<name>.<ext>`, or
    /// `<directory>/<name>.<ext>`.
    func goldenPath(directory: String?, name: String, format: GoldenFormat) -> String {
        let test = URL(fileURLWithPath: "\(filePath)")
        let folder = directory.map { URL(fileURLWithPath: $0) }
            ?? test.deletingLastPathComponent().appendingPathComponent("__Goldens__")
                .appendingPathComponent(test.deletingPathExtension().lastPathComponent)
        return folder.appendingPathComponent(name + "." + format.fileExtension).path
    }

    /// Fails the running test: through Swift Testing when one of its tests runs, else XCTest.
    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: filePath, line: line)
        }
    }
}
