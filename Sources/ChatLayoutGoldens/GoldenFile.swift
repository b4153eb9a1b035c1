import ChatLayoutKit
import Foundation

/// One golden file on disk, compared with a drawing and recorded by a ``GoldenRecordMode``.
public struct GoldenFile: Hashable, Sendable {
    /// The file's path.
    public var path: String

    /// When set, the golden is a file of a golden folder: read only as a regular file, never
    /// through a symbolic link, and never past this limit (``GoldenFolder``).
    var folderLimit: FileSizeLimit?

    /// The golden at `path`.
    public init(path: String) { self.path = path }

    /// The golden at `path` in a golden folder, read as the folder's files are (`FolderFile`).
    init(path: String, folderLimit: FileSizeLimit) {
        self.path = path
        self.folderLimit = folderLimit
    }

    /// What came of comparing a drawing with its golden.
    public enum Outcome: Hashable, Sendable {
        /// The drawing equals the golden.
        case matched
        /// There was no golden; the drawing was recorded as the new one.
        case recorded
        /// The golden differed; the drawing was recorded over it.
        case rerecorded(GoldenDifference)
        /// There is no golden, and the record mode records nothing.
        case missing
        /// The golden differs, and the record mode does not record it.
        case differs(GoldenDifference)

        /// Whether a test fails: anything but ``matched`` (a recorded golden is read before it
        /// is trusted).
        public var fails: Bool { self != .matched }

        /// Whether the file was written.
        public var wroteFile: Bool {
            switch self {
            case .recorded, .rerecorded: true
            case .matched, .missing, .differs: false
            }
        }

        /// What a failing test says about the golden at `path` named `name`: the difference
        /// report (line, column, the differing lines), or what was recorded; then the golden's
        /// path and how to accept the change (``acceptHint``); nil when matched.
        public func message(path: String, name: String) -> String? {
            switch self {
            case .matched: nil
            case .recorded: "recorded new golden \(path): read it, then run again"
            case .rerecorded: "re-recorded golden \(path): read the change, then run again"
            case .missing: "missing golden \(path) (record mode never)\n" + Self.recordHint(GoldenRecordMode.missing)
            case .differs(let difference): difference.report(name: name) + "golden: \(path)\n" + Self.acceptHint
            }
        }

        /// How to accept a drawing that differs from its golden: run again recording the goldens
        /// that differ (`GOLDEN_RECORD=failed`, or `record: .failed` in the assertion), read the
        /// re-recorded file, and commit it. Never on CI (`CI=true`), which records nothing.
        public static var acceptHint: String { recordHint(.failed) }

        static func recordHint(_ mode: GoldenRecordMode) -> String {
            let what = mode == .failed ? "accept the new drawing" : "record it"
            return "to \(what): run again with GOLDEN_RECORD=\(mode.rawValue) (e.g. GOLDEN_RECORD=\(mode.rawValue) swift test), "
                + "or pass record: .\(mode.rawValue) to the assertion; read the file it writes, then commit it (CI=true never records)"
        }
    }

    /// The golden's text, or nil when there is no file. Bytes that are not UTF-8 are read as
    /// U+FFFD, so that such a golden differs rather than counting as missing (and being
    /// recorded over unseen).
    ///
    /// - Throws: a ``GoldenError`` when the path exists but cannot be read (a folder, no
    ///   permission).
    public func read() throws(GoldenError) -> String? {
        if let folderLimit {
            return try FolderFile.read(path, limit: folderLimit).map { String(decoding: $0, as: UTF8.self) }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw GoldenError("\(UntrustedText.escaped(path)): " + (isDirectory.boolValue ? "is a directory, not a golden" : "cannot be read"))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes `text` as the golden, creating its folder.
    ///
    /// - Throws: a ``GoldenError`` naming the path when it cannot be written.
    public func write(_ text: String) throws(GoldenError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw GoldenError("\(UntrustedText.escaped(path)): cannot be written (\(error.localizedDescription))")
        }
    }

    /// Compares `drawing` with the golden and records it as `mode` says: `missing` records a
    /// golden that does not exist, `failed` and `all` also one that differs, `never` nothing.
    ///
    /// - Throws: a ``GoldenError`` when the golden cannot be read or written.
    public func verify(_ drawing: String, mode: GoldenRecordMode) throws(GoldenError) -> Outcome {
        guard let expected = try read() else {
            guard mode != .never else { return .missing }
            try write(drawing)
            return .recorded
        }
        guard let difference = GoldenDifference(expected: expected, actual: drawing) else { return .matched }
        guard mode == .all || mode == .failed else { return .differs(difference) }
        try write(drawing)
        return .rerecorded(difference)
    }
}
