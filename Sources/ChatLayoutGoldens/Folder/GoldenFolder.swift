import ChatLayoutDecoding
import ChatLayoutKit
import Foundation

/// A folder of payloads with their drawings beside them, for teams on any stack
/// (`chat-layout golden check|record DIR`): every `*.json` file in it but the manifest
/// (`goldens.json`) is a payload, drawn as its ``GoldenSettings`` say into `NAME.txt` (and
/// `NAME.svg`, `NAME.tree.txt` where asked) next to `NAME.json`.
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

    /// Reads the folder's manifest (if any) and lists its payloads.
    ///
    /// - Throws: a ``GoldenError`` for a folder that cannot be read, a manifest that is not
    ///   JSON (line and column) or has a wrong key or value (its JSON path), a manifest entry
    ///   naming no payload of the folder, or a folder without payloads.
    public init(path: String) throws(GoldenError) {
        self.path = path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GoldenError("\(path): not a folder")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
                .filter { $0.hasSuffix(".json") && $0 != Self.manifestName && $0.count > ".json".count }
                .sorted()
        } catch {
            throw GoldenError("\(path): cannot be read")
        }
        let manifestPath = Self.join(path, Self.manifestName)
        var folderSettings = GoldenSettings()
        var fileSettings: [(String, [(String, ParsedJSON)])] = []
        if let bytes = FileManager.default.contents(atPath: manifestPath) {
            let manifest: ParsedJSON
            do {
                manifest = try JSONParser.parse(Array(bytes))
            } catch {
                throw GoldenError("\(manifestPath): \(error)")
            }
            guard case .object(let members) = manifest else {
                throw GoldenError("\(manifestPath): expected an object, got \(GoldenSettings.describe(manifest))")
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
                            let listed = names.prefix(12).map { UntrustedText.shortened($0) }.joined(separator: ", ")
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
                throw GoldenError("\(manifestPath): \(error.message)")
            }
        }
        guard !names.isEmpty else { throw GoldenError("\(path): no payloads (*.json files besides \(Self.manifestName))") }
        var payloads: [Payload] = []
        for name in names {
            var settings = folderSettings
            if let keys = fileSettings.first(where: { $0.0 == name })?.1 {
                do {
                    settings = try settings.applying(keys, path: "files[\(JSONValue.string(name).serialized())]")
                } catch {
                    throw GoldenError("\(manifestPath): \(error.message)")
                }
            }
            if case .threadView(let parentID) = settings.screen, parentID.isEmpty {
                throw GoldenError("\(manifestPath): \(name) is drawn as a thread without a parent: give \"parent\"")
            }
            payloads.append(Payload(fileName: name, settings: settings))
        }
        self.payloads = payloads
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
                let file = GoldenFile(path: Self.join(path, payload.name + "." + format.fileExtension))
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
        guard let bytes = FileManager.default.contents(atPath: payloadPath) else { throw GoldenError("\(payloadPath): cannot be read") }
        let settings = payload.settings
        // The snapshot names the payload by its file name; errors name it by its path.
        do throws(GoldenError) {
            return try LayoutSnapshot(name: payload.name, json: Array(bytes), document: payload.fileName, screen: settings.screen,
                                      width: settings.width, height: settings.height, scrollOffset: settings.scrollOffset,
                                      ambiguousIsWide: settings.ambiguousIsWide, overrides: settings.overrides,
                                      adjust: settings.adjust)
        } catch {
            throw GoldenError(Self.join(path, error.message))
        }
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
