import ChatLayoutDecoding
import ChatLayoutKit
import Foundation

/// A folder of payloads with their drawings beside them, for teams on any stack
/// (`chat-layout golden check|record DIR`): every `*.json` file in it but the manifest
/// (`goldens.json`) is a payload, drawn as its ``GoldenSettings`` say into `NAME.txt` (and
/// `NAME.svg`, `NAME.tree.txt` where asked) next to `NAME.json`.
///
/// It reads only the regular files the folder itself holds, by their names: a manifest, payload
/// or drawing that is a symbolic link (to a file outside the folder, to `/proc/self/environ`, or
/// dangling), a FIFO, a device or a directory is an error naming it, and no file is read past
/// ``sizeLimit`` — so that no byte from outside the folder reaches a diff, a log or a report.
public struct GoldenFolder: Sendable {
    /// The manifest's file name.
    public static let manifestName = "goldens.json"

    /// One payload and how it is drawn.
    public struct Payload: Hashable, Sendable {
        /// The payload's file name in the folder ("support.json").
        public var fileName: String
        /// How it is drawn.
        public var settings: GoldenSettings

        /// The scenario name: the file name without `.json`.
        public var name: String { String(fileName.dropLast(".json".count)) }
    }

    /// One drawing compared (or recorded): which payload, which format, and what came of it.
    public struct Result: Sendable {
        /// The payload.
        public var payload: Payload
        /// The drawing's format.
        public var format: GoldenFormat
        /// The drawing's path.
        public var drawingPath: String
        /// The comparison, or why the payload could not be drawn or its golden read or written.
        public var outcome: Swift.Result<GoldenFile.Outcome, GoldenError>

        /// The drawing's file name ("support.txt").
        public var drawingName: String { payload.name + "." + format.fileExtension }
    }

    /// The folder's path.
    public var path: String
    /// Its payloads, by file name.
    public var payloads: [Payload]
    /// The most bytes read from one of its files (the manifest, a payload, a drawing).
    public var sizeLimit: FileSizeLimit

    /// Reads the folder's manifest (if any) and lists its payloads. The folder itself may be
    /// reached through a symbolic link (its path is the caller's choice); its files may not.
    ///
    /// - Throws: a ``GoldenError`` for a folder that cannot be read, a manifest that is not
    ///   JSON (line and column) or has a wrong key or value (its JSON path), a manifest that is
    ///   a symbolic link, not a regular file or larger than `sizeLimit`, a manifest entry
    ///   naming no payload of the folder, a folder without payloads, or two payloads whose
    ///   drawings would be one file (`a.json` as `tree` and `a.tree.json` as `text`).
    public init(path: String, sizeLimit: FileSizeLimit = .standard) throws(GoldenError) {
        self.path = path
        self.sizeLimit = sizeLimit
        let shownPath = UntrustedText.escaped(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GoldenError("\(shownPath): not a folder")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
                .filter { $0.hasSuffix(".json") && $0 != Self.manifestName && $0.count > ".json".count }
                .sorted()
        } catch {
            throw GoldenError("\(shownPath): cannot be read")
        }
        let manifestPath = Self.join(path, Self.manifestName), shownManifest = UntrustedText.escaped(manifestPath)
        var folderSettings = GoldenSettings()
        var fileSettings: [(String, [(String, ParsedJSON)])] = []
        if let bytes = try FolderFile.read(manifestPath, limit: sizeLimit) {
            let manifest: ParsedJSON
            do {
                manifest = try JSONParser.parse(bytes)
            } catch {
                throw GoldenError("\(shownManifest): \(error)")
            }
            guard case .object(let members) = manifest else {
                throw GoldenError("\(shownManifest): expected an object, got \(GoldenSettings.describe(manifest))")
            }
            do throws(GoldenError) {
                folderSettings = try GoldenSettings().applying(members.filter { $0.0 != "files" }, path: "")
                if let files = members.first(where: { $0.0 == "files" })?.1 {
                    guard case .object(let entries) = files else {
                        throw GoldenError("files: expected an object of file names, got \(GoldenSettings.describe(files))")
                    }
                    for (name, entry) in entries {
                        let at = "files[\(JSONValue.string(UntrustedText.shortened(name)).serialized())]"
                        guard names.contains(name) else {
                            // A folder of thousands of payloads is named in part.
                            let listed = names.prefix(12).map { UntrustedText.escaped(UntrustedText.shortened($0)) }.joined(separator: ", ")
                            let more = names.count > 12 ? " and \(names.count - 12) more" : ""
                            throw GoldenError("\(at): no such payload in the folder (payloads: \(listed)\(more))")
                        }
                        guard case .object(let keys) = entry else {
                            throw GoldenError("\(at): expected an object, got \(GoldenSettings.describe(entry))")
                        }
                        fileSettings.append((name, keys))
                    }
                }
            } catch {
                throw GoldenError("\(shownManifest): \(error.message)")
            }
        }
        guard !names.isEmpty else { throw GoldenError("\(shownPath): no payloads (*.json files besides \(Self.manifestName))") }
        var payloads: [Payload] = []
        for name in names {
            var settings = folderSettings
            if let keys = fileSettings.first(where: { $0.0 == name })?.1 {
                do {
                    settings = try settings.applying(keys, path: "files[\(JSONValue.string(name).serialized())]")
                } catch {
                    throw GoldenError("\(shownManifest): \(error.message)")
                }
            }
            if case .threadView(let parentID) = settings.screen, parentID.isEmpty {
                throw GoldenError("\(shownManifest): \(UntrustedText.escaped(name)) is drawn as a thread without a parent: give \"parent\"")
            }
            payloads.append(Payload(fileName: name, settings: settings))
        }
        try Self.refuseSharedDrawings(payloads, folder: shownPath)
        self.payloads = payloads
    }

    /// Refuses two payloads whose drawings would be one file — `a.json` drawn as `tree` and
    /// `a.tree.json` drawn as `text` both make `a.tree.txt` — since each run would write one
    /// over the other, and a check could never pass. Names compare by their bytes, as the
    /// file system does.
    private static func refuseSharedDrawings(_ payloads: [Payload], folder: String) throws(GoldenError) {
        var drawnBy: [[UInt8]: (Payload, GoldenFormat)] = [:]
        for payload in payloads {
            for format in payload.settings.formats {
                let drawing = payload.name + "." + format.fileExtension
                if let (other, otherFormat) = drawnBy[Array(drawing.utf8)] {
                    throw GoldenError("\(folder): \(UntrustedText.escaped(other.fileName)) drawn as \(otherFormat.rawValue) and "
                        + "\(UntrustedText.escaped(payload.fileName)) drawn as \(format.rawValue) would both write "
                        + "\(UntrustedText.escaped(drawing)): rename one of the payloads or change its formats")
                }
                drawnBy[Array(drawing.utf8)] = (payload, format)
            }
        }
    }

    /// Draws every payload in each of its formats and compares the drawings with the files
    /// beside it, recording as `mode` says (``GoldenFile/verify(_:mode:)``); `rewriteAll`
    /// writes every drawing, even one that matches.
    public func run(mode: GoldenRecordMode, rewriteAll: Bool = false) -> [Result] {
        payloads.flatMap { payload in
            let drawings: Swift.Result<[(GoldenFormat, String)], GoldenError> = Swift.Result { () throws(GoldenError) in
                let snapshot = try snapshot(of: payload)
                var drawn: [(GoldenFormat, String)] = []
                for format in payload.settings.formats { drawn.append((format, try snapshot.drawing(format))) }
                return drawn
            }
            return payload.settings.formats.enumerated().map { index, format in
                let file = GoldenFile(path: Self.join(path, payload.name + "." + format.fileExtension), folderLimit: sizeLimit)
                let outcome = drawings.flatMap { drawn -> Swift.Result<GoldenFile.Outcome, GoldenError> in
                    Swift.Result { () throws(GoldenError) in
                        let drawing = drawn[index].1
                        if rewriteAll {
                            let previous = try file.read()
                            try file.write(drawing)
                            guard let previous else { return .recorded }
                            return GoldenDifference(expected: previous, actual: drawing).map { .rerecorded($0) } ?? .matched
                        }
                        return try file.verify(drawing, mode: mode)
                    }
                }
                return Result(payload: payload, format: format, drawingPath: file.path, outcome: outcome)
            }
        }
    }

    /// The snapshot of `payload`: its JSON decoded, drawn as its settings say.
    public func snapshot(of payload: Payload) throws(GoldenError) -> LayoutSnapshot {
        let payloadPath = Self.join(path, payload.fileName)
        guard let bytes = try FolderFile.read(payloadPath, limit: sizeLimit) else {
            throw GoldenError("\(UntrustedText.escaped(payloadPath)): no such file")
        }
        // The snapshot names the payload by its file name; errors name it by its path.
        do throws(GoldenError) {
            let request = payload.settings.request(ScreenRequest.Document(name: UntrustedText.escaped(payload.fileName), bytes: bytes),
                                                   sizeLimit: sizeLimit)
            return try LayoutSnapshot(name: payload.name, request: request, document: payload.fileName)
        } catch {
            throw GoldenError(Self.join(UntrustedText.escaped(path), error.message))
        }
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
