import Foundation
import FoundationXML
import Testing

/// What `chat-layout golden` reads from a folder that someone else wrote (a pull request's):
/// only the folder's own regular files, never through a symbolic link, never past the document
/// size cap; names escaped whole wherever they are printed; drawings that would share a file
/// refused (issue 26, items 1, 7, 8 and 10).
struct GoldenFolderSafetyTests {
    /// A secret that must never be printed, unique to each test.
    private let secret = "SECRET-\(UUID().uuidString)"

    /// A fresh folder holding `lunch.json` (a direct chat) and a manifest of width 40.
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLIRunner.repository.appendingPathComponent("Tests/GoldenTests/Documents/lunch-direct.json"),
                                         to: folder.appendingPathComponent("lunch.json"))
        try write(#"{"width": 40}"#, to: folder.appendingPathComponent("goldens.json"))
        return folder
    }

    /// A file outside every golden folder holding `text`.
    private func outside(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try write(text, to: file)
        return file
    }

    private func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    private func link(_ name: String, in folder: URL, to target: String) throws {
        let path = folder.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// The test's environment without `CI`, so that `record` may record.
    private var local: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return environment
    }

    /// `golden check FOLDER --junit`: the result and the report's text.
    private func check(_ folder: URL, environment: [String: String]? = nil) throws -> (CLIRunner.Result, String) {
        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: junit) }
        let result = try CLIRunner.run(["golden", "check", folder.path, "--junit", junit.path], environment: environment)
        let report = (try? String(contentsOf: junit, encoding: .utf8)) ?? ""
        return (result, report)
    }

    private func expectNoSecret(_ result: CLIRunner.Result, _ report: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.stdout.contains(secret), "stdout: \(result.stdout)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains(secret), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(!report.contains(secret), "report: \(report)", sourceLocation: sourceLocation)
    }

    // MARK: - Item 1: symbolic links, FIFOs

    @Test func drawingThatLinksToAFileOutside_isRefusedNamingIt_andNoByteOfItIsPrinted() throws {
        let folder = try folder()
        #expect(try CLIRunner.run(["golden", "record", folder.path], environment: local).status == 0)
        let target = try outside("scenario: lunch\n\(secret)\nline 3 \(secret)\n")
        try link("lunch.txt", in: folder, to: target.path)

        let (result, report) = try check(folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(folder.path)/lunch.txt: is a symbolic link; golden follows none"), "\(result.stderr)")
        #expect(result.stdout.contains("error       lunch.txt: "))
        expectNoSecret(result, report)
        #expect(report.contains("<error message=\""))

        // record neither writes through the link nor replaces it.
        let record = try CLIRunner.run(["golden", "record", folder.path], environment: local)
        #expect(record.status == 1)
        expectNoSecret(record, "")
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("scenario: lunch\n\(secret)"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("lunch.txt").path)) == target.path)
    }

    @Test func drawingThatLinksToProcSelfEnviron_isRefused_andTheEnvironmentIsNotPrinted() throws {
        let folder = try folder()
        try link("lunch.txt", in: folder, to: "/proc/self/environ")
        var environment = ProcessInfo.processInfo.environment
        environment["DEPLOY_TOKEN"] = secret
        let (result, report) = try check(folder, environment: environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains("lunch.txt: is a symbolic link"), "\(result.stderr)")
        expectNoSecret(result, report)
    }

    @Test func payloadThatLinksToAFileOutside_isRefusedNamingIt_andNotDrawn() throws {
        let folder = try folder()
        // A conversation outside, whose message is the secret: drawn, the diff would print it.
        let lunch = try String(contentsOf: folder.appendingPathComponent("lunch.json"), encoding: .utf8)
        let target = try outside(lunch.replacingOccurrences(of: "Are we still on for lunch?", with: secret))
        try link("stolen.json", in: folder, to: target.path)
        try write("scenario: stolen\n", to: folder.appendingPathComponent("stolen.txt"))

        let (result, report) = try check(folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(folder.path)/stolen.json: is a symbolic link; golden follows none"), "\(result.stderr)")
        #expect(result.stdout.contains("error       stolen.txt: "))
        expectNoSecret(result, report)

        let record = try CLIRunner.run(["golden", "record", folder.path], environment: local)
        #expect(record.status == 1)
        #expect(try String(contentsOf: folder.appendingPathComponent("stolen.txt"), encoding: .utf8) == "scenario: stolen\n")
    }

    @Test func manifestThatLinksToAFileOutside_isRefusedNamingIt() throws {
        let folder = try folder()
        // Read, its value would be quoted in an error message.
        let target = try outside(#"{"width": ""# + secret + #""}"#)
        try link("goldens.json", in: folder, to: target.path)
        let (result, report) = try check(folder)
        #expect(result.status == 1)
        #expect(result.stderr == "chat-layout: \(folder.path)/goldens.json: is a symbolic link; golden follows none (it could lead out of the folder): make it a copy\n")
        expectNoSecret(result, report)
    }

    @Test func danglingLinks_areRefused_notTakenForMissingFiles() throws {
        let folder = try folder()
        try link("lunch.txt", in: folder, to: "/nonexistent/\(UUID().uuidString)")
        try link("gone.json", in: folder, to: "nowhere.json")
        let record = try CLIRunner.run(["golden", "record", folder.path], environment: local)
        #expect(record.status == 1)
        #expect(record.stderr.contains("lunch.txt: is a symbolic link"), "\(record.stderr)")
        #expect(record.stderr.contains("gone.json: is a symbolic link"), "\(record.stderr)")
        // Nothing was written over the link.
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("lunch.txt").path)) != nil)
    }

    @Test func fifosAndFolders_areRefused_withoutWaitingForAWriter() throws {
        let folder = try folder()
        #expect(mkfifo(folder.appendingPathComponent("lunch.txt").path, 0o600) == 0)
        #expect(mkfifo(folder.appendingPathComponent("pipe.json").path, 0o600) == 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub.json"), withIntermediateDirectories: false)
        let (result, _) = try check(folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("lunch.txt: is not a regular file (a FIFO, a device or a socket)"), "\(result.stderr)")
        #expect(result.stderr.contains("pipe.json: is not a regular file"), "\(result.stderr)")
        #expect(result.stderr.contains("sub.json: is a directory"), "\(result.stderr)")
    }

    /// The folder itself is the caller's choice: reached through a link, it is read.
    @Test func folderGivenThroughALink_isRead() throws {
        let folder = try folder()
        let linked = FileManager.default.temporaryDirectory.appendingPathComponent("linked-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: folder)
        defer { try? FileManager.default.removeItem(at: linked) }
        #expect(try CLIRunner.run(["golden", "record", linked.path], environment: local).status == 0)
        let (result, _) = try check(linked)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok          lunch.txt"))
    }

    // MARK: - Item 7: the document size cap

    private func limited(to bytes: Int) -> [String: String] {
        var environment = local
        environment["CHAT_LAYOUT_MAX_DOCUMENT_BYTES"] = String(bytes)
        return environment
    }

    @Test func payloadDrawingAndManifestOverTheCap_areRefusedNamingThem() throws {
        let folder = try folder()
        let payloadSize = try Data(contentsOf: folder.appendingPathComponent("lunch.json")).count
        #expect(try CLIRunner.run(["golden", "record", folder.path], environment: limited(to: payloadSize)).status == 0)

        // The payload, one byte over.
        let payload = try check(folder, environment: limited(to: payloadSize - 1)).0
        #expect(payload.status == 1)
        #expect(payload.stderr.contains("lunch.json: larger than \(payloadSize - 1) bytes (CHAT_LAYOUT_MAX_DOCUMENT_BYTES), the most chat-layout reads"),
                "\(payload.stderr)")

        // A drawing over the cap, under a cap the payload and manifest fit.
        let drawing = folder.appendingPathComponent("lunch.txt")
        try write(String(repeating: "x", count: payloadSize + 1), to: drawing)
        let big = try check(folder, environment: limited(to: payloadSize)).0
        #expect(big.status == 1)
        #expect(big.stderr.contains("lunch.txt: larger than \(payloadSize) bytes (CHAT_LAYOUT_MAX_DOCUMENT_BYTES)"), "\(big.stderr)")

        // The manifest.
        let manifest = try check(folder, environment: limited(to: 5)).0
        #expect(manifest.status == 1)
        #expect(manifest.stderr == "chat-layout: \(folder.path)/goldens.json: larger than 5 bytes (CHAT_LAYOUT_MAX_DOCUMENT_BYTES), the most chat-layout reads\n")

        // A bad value of the variable is bad input naming it, as for preview.
        var bad = local
        bad["CHAT_LAYOUT_MAX_DOCUMENT_BYTES"] = "lots"
        let refused = try CLIRunner.run(["golden", "check", folder.path], environment: bad)
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("chat-layout: the environment (CHAT_LAYOUT_MAX_DOCUMENT_BYTES): expected a number of bytes"))
    }

    @Test func sparseDrawingAndPayloadOverOneGiB_areRefusedBeforeTheyAreRead() throws {
        let folder = try folder()
        #expect(try CLIRunner.run(["golden", "record", folder.path], environment: local).status == 0)
        for name in ["lunch.txt", "huge.json"] {
            let path = folder.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, (1 << 30) + 1) == 0)
        }
        // The address space is capped, in case they were read.
        let result = try SpawnedCLI.run(["golden", "check", folder.path], memoryLimitGiB: 2)
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("lunch.txt: larger than 1073741824 bytes (1 GiB), the most chat-layout reads"), "\(result.stderr)")
        #expect(result.stderr.contains("huge.json: larger than 1073741824 bytes (1 GiB)"), "\(result.stderr)")
    }

    // MARK: - Item 8: names

    @Test func payloadNameWithALineFeedAndAnEscape_forgesNoLine_andIsShownEscaped() throws {
        let folder = try folder()
        let name = "a\nchat-layout: all good\u{1B}[31m"
        try write(#"{"messages": [{"id": 3}]}"#, to: folder.appendingPathComponent(name + ".json"))
        let (result, report) = try check(folder)
        #expect(result.status == 1)
        for line in (result.stdout + result.stderr).split(separator: "\n") {
            #expect(!line.hasPrefix("chat-layout: all good"), "\(line)")
        }
        #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}") && !report.contains("\u{1B}"))
        let shown = #"a\u{A}chat-layout: all good\u{1B}[31m"#
        #expect(result.stderr.contains("\(folder.path)/\(shown).json: messages[0].id: expected a string"), "\(result.stderr)")
        #expect(result.stdout.contains("error       \(shown).txt: "), "\(result.stdout)")
        #expect(report.contains("name=\"\(shown).txt\""), "\(report)")
    }

    @Test func treeGoldenHeader_carriesNoLineFeedOrEscapeFromTheName() throws {
        let folder = try folder()
        let name = "b\nforged: line\u{1B}[31m"
        try FileManager.default.copyItem(at: folder.appendingPathComponent("lunch.json"), to: folder.appendingPathComponent(name + ".json"))
        try write(#"{"width": 40, "formats": ["tree"]}"#, to: folder.appendingPathComponent("goldens.json"))
        let record = try CLIRunner.run(["golden", "record", folder.path], environment: local)
        #expect(record.status == 0, "\(record.stderr)")
        let tree = try String(contentsOf: folder.appendingPathComponent(name + ".tree.txt"), encoding: .utf8)
        #expect(tree.hasPrefix("scenario: b␊forged: line (box tree)\n\n"), "\(tree.prefix(80))")
        #expect(!tree.contains("\u{1B}"))
    }

    @Test func documentPathOnTheCommandLine_isEscapedWhole_notSplit() throws {
        let path = "/nonexistent/a\nb\u{1B}[31m.json"
        let result = try CLIRunner.run(["preview", path])
        #expect(result.status == 1)
        #expect(result.stderr == #"chat-layout: /nonexistent/a\u{A}b\u{1B}[31m.json: no such file"# + "\n")
        let sample = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path
        let strings = try CLIRunner.run(["preview", sample, "--strings", path])
        #expect(strings.stderr == #"chat-layout: /nonexistent/a\u{A}b\u{1B}[31m.json: cannot be read (--strings)"# + "\n", "\(strings.stderr)")
    }

    // MARK: - Item 10: drawings that would share a file

    @Test func twoPayloadsWhoseDrawingsShareAFile_areRefusedNamingBoth() throws {
        let folder = try folder()
        try FileManager.default.copyItem(at: folder.appendingPathComponent("lunch.json"), to: folder.appendingPathComponent("lunch.tree.json"))
        try write(#"{"width": 40, "files": {"lunch.json": {"formats": ["text", "tree"]}}}"#, to: folder.appendingPathComponent("goldens.json"))
        let record = try CLIRunner.run(["golden", "record", folder.path], environment: local)
        #expect(record.status == 1)
        #expect(record.stderr == "chat-layout: \(folder.path): lunch.json drawn as tree and lunch.tree.json drawn as text would both write "
            + "lunch.tree.txt: rename one of the payloads or change its formats\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("lunch.tree.txt").path))
        #expect(try check(folder).0.status == 1)
    }
}
