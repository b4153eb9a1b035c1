import Foundation
import FoundationXML
import Testing

/// `chat-layout golden record|check DIR` on a folder of three payloads: record, check, a
/// one-character change found with exit 1 and a unified diff, the JUnit report, `--failed`,
/// and the refusals (CI, bad manifests, bad payloads).
struct GoldenCommandTests {
    /// A fresh folder with three payloads (a channel with a viewport and an SVG, a thread list,
    /// a direct chat) and their manifest.
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let documents = CLIRunner.repository.appendingPathComponent("Tests/GoldenTests/Documents")
        try FileManager.default.copyItem(at: CLIRunner.repository.appendingPathComponent("Samples/conversation.json"),
                                         to: folder.appendingPathComponent("coffee.json"))
        try FileManager.default.copyItem(at: documents.appendingPathComponent("threads-inbox.json"),
                                         to: folder.appendingPathComponent("inbox.json"))
        try FileManager.default.copyItem(at: documents.appendingPathComponent("lunch-direct.json"),
                                         to: folder.appendingPathComponent("lunch.json"))
        try write("""
            {"width": 40,
             "files": {"inbox.json": {"screen": "threads", "width": 50},
                       "coffee.json": {"height": 20, "formats": ["text", "svg"]}}}
            """, to: folder.appendingPathComponent("goldens.json"))
        return folder
    }

    private func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    /// The test's environment without `CI`, so that `record` may record.
    private var local: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return environment
    }

    @Test func recordThenCheck_passes_andTheDrawingHasItsHeader() throws {
        let folder = try folder()
        let record = try CLIRunner.run(["golden", "record", folder.path], environment: local)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(record.stdout.contains("recorded    lunch.txt"))
        let lunch = try String(contentsOf: folder.appendingPathComponent("lunch.txt"), encoding: .utf8)
        #expect(lunch.hasPrefix("scenario: lunch\ndocument: lunch.json · width 40 · dates "))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("coffee.svg").path))
        #expect(try String(contentsOf: folder.appendingPathComponent("inbox.txt"), encoding: .utf8).contains("· thread list (state"))

        let check = try CLIRunner.run(["golden", "check", folder.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasSuffix("golden check: 4 drawings: 4 match, 0 differ, 0 missing, 0 could not be drawn\n"))
    }

    @Test func oneCharacterChange_failsWithExit1_aUnifiedDiff_andAJUnitFailure() throws {
        let folder = try folder()
        #expect(try CLIRunner.run(["golden", "record", folder.path], environment: local).status == 0)
        let payload = folder.appendingPathComponent("lunch.json")
        let text = try String(contentsOf: payload, encoding: .utf8)
        try write(text.replacingOccurrences(of: "Are we still on for lunch?", with: "Are we still on for lunch!"), to: payload)

        let junit = folder.appendingPathComponent("report.xml")
        let check = try CLIRunner.run(["golden", "check", folder.path, "--junit", junit.path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("differs     lunch.txt (line 13, column 33)"))
        #expect(check.stdout.contains("--- \(folder.path)/lunch.txt\n+++ \(folder.path)/lunch.txt (drawn)\n@@ -10,7 +10,7 @@\n"))
        #expect(check.stdout.contains("\n-\"    │ Are we still on for lunch? │      \"\n+\"    │ Are we still on for lunch! │      \"\n"))

        let report = try JUnitSummary(contentsOf: junit)
        #expect(report.tests == 4 && report.failures == 1 && report.errors == 0)
        #expect(report.failedCases == ["lunch.txt"])
        #expect(report.failureText.contains("+\"    │ Are we still on for lunch! │      \""))

        // --failed re-records only the drawing that changed.
        let rerecord = try CLIRunner.run(["golden", "record", "--failed", folder.path], environment: local)
        #expect(rerecord.status == 0)
        #expect(rerecord.stdout == "re-recorded lunch.txt (was different from line 13, column 33)\n"
            + "golden record: 4 drawings: 1 written, 3 unchanged, 0 could not be drawn\n")
        #expect(try CLIRunner.run(["golden", "check", folder.path]).status == 0)
    }

    @Test func missingDrawings_failTheCheck_andAreNotWritten() throws {
        let folder = try folder()
        let check = try CLIRunner.run(["golden", "check", folder.path, "--junit", folder.appendingPathComponent("r.xml").path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("missing     coffee.txt"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("coffee.txt").path))
        #expect(try JUnitSummary(contentsOf: folder.appendingPathComponent("r.xml")).failures == 4)
    }

    @Test func record_isRefusedOnCI() throws {
        let folder = try folder()
        var environment = local
        environment["CI"] = "true"
        let record = try CLIRunner.run(["golden", "record", folder.path], environment: environment)
        #expect(record.status == 2)
        #expect(record.stderr.contains("CI=true"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("lunch.txt").path))
    }

    @Test func badManifest_isBadInput_namingTheKey() throws {
        let folder = try folder()
        let manifest = folder.appendingPathComponent("goldens.json")
        for (text, expected) in [
            (#"{"width": "wide"}"#, "goldens.json: width: expected a whole number from 1 to 10000, got the string 'wide'"),
            (#"{"files": {"nope.json": {}}}"#, #"goldens.json: files["nope.json"]: no such payload in the folder"#),
            (#"{"files": {"lunch.json": {"widht": 3}}}"#, #"goldens.json: files["lunch.json"].widht: unknown key"#),
            ("{\"width\": 40,\n", "goldens.json: line 2, column 1:"),
            (#"{"screen": "thread"}"#, "is drawn as a thread without a parent"),
        ] {
            try write(text, to: manifest)
            let check = try CLIRunner.run(["golden", "check", folder.path])
            #expect(check.status == 1, "\(text)")
            #expect(check.stderr.contains(expected), "\(check.stderr)")
        }
    }

    /// A manifest naming a missing payload lists the folder's payloads in part, and a huge
    /// name is cut (issue 18: values quoted in errors).
    @Test func missingPayload_inAFolderOfManyPayloads_isListedInPart() throws {
        let folder = try folder()
        let payload = try String(contentsOf: folder.appendingPathComponent("lunch.json"), encoding: .utf8)
        for index in 0 ..< 30 { try write(payload, to: folder.appendingPathComponent("extra-\(index).json")) }
        let huge = String(repeating: "n", count: 10_000) + ".json"
        try write(#"{"files": {""# + huge + #"": {}}}"#, to: folder.appendingPathComponent("goldens.json"))
        let check = try CLIRunner.run(["golden", "check", folder.path])
        #expect(check.status == 1)
        #expect(check.stderr.contains("(10005 characters)"), "\(check.stderr)")
        #expect(check.stderr.contains(" more)"))
        #expect(check.stderr.utf8.count < 2000)
    }

    @Test func badPayload_failsItsDrawing_namingThePathAndJSONPath_andTheOthersAreStillChecked() throws {
        let folder = try folder()
        #expect(try CLIRunner.run(["golden", "record", folder.path], environment: local).status == 0)
        try write(#"{"messages": [{"id": 3}]}"#, to: folder.appendingPathComponent("lunch.json"))
        let junit = folder.appendingPathComponent("report.xml")
        let check = try CLIRunner.run(["golden", "check", folder.path, "--junit", junit.path])
        #expect(check.status == 1)
        #expect(check.stderr.contains("\(folder.path)/lunch.json: messages[0].id: expected a string, got the number 3"))
        #expect(check.stdout.contains("ok          coffee.txt"))
        #expect(try JUnitSummary(contentsOf: junit).errors == 1)
    }

    @Test func payloadWithoutNowTimeZoneOrLocale_isRefused_neverDrawnFromTheMachine() throws {
        let folder = try folder()
        try write(#"{"channel": {"name": "x"}, "messages": []}"#, to: folder.appendingPathComponent("lunch.json"))
        let check = try CLIRunner.run(["golden", "check", folder.path])
        #expect(check.status == 1)
        #expect(check.stderr.contains("lunch.json: a golden never depends on the machine: give now, time_zone, locale"))
    }

    @Test func notAFolder_isBadInput_andNoFolderIsUsage() throws {
        let missing = try CLIRunner.run(["golden", "check", "/nonexistent/goldens"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nonexistent/goldens: not a folder"))
        #expect(try CLIRunner.run(["golden", "check"]).status == 2)
        #expect(try CLIRunner.run(["golden", "check", "/tmp", "--bogus"]).status == 2)
    }
}

/// A JUnit report read back with an XML parser: counts, failed cases and failure text.
private struct JUnitSummary {
    var tests = 0, failures = 0, errors = 0
    var failedCases: [String] = []
    var failureText = ""

    init(contentsOf url: URL) throws {
        let parser = XMLParser(data: try Data(contentsOf: url))
        let reader = Reader()
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
        self = reader.summary
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var summary = JUnitSummary()
        var currentCase = ""
        var inFailure = false

        override init() {}

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch element {
            case "testsuites":
                summary.tests = Int(attributes["tests"] ?? "") ?? -1
                summary.failures = Int(attributes["failures"] ?? "") ?? -1
                summary.errors = Int(attributes["errors"] ?? "") ?? -1
            case "testcase": currentCase = attributes["name"] ?? ""
            case "failure":
                summary.failedCases.append(currentCase)
                inFailure = true
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "failure" { inFailure = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inFailure { summary.failureText += string }
        }
    }

    private init() {}
}
