import ChatLayoutDecoding
import ChatLayoutKit
import FuzzSupport

/// libFuzzer target: bytes → `JSONParser` and `ConversationDecoder` (documents, Stream
/// channel-state, channels-query and thread-list responses, thread `events`).
///
/// Invariants: malformed JSON is an error with a line and column inside the input and no
/// path; a parsed value written out and parsed again is the same value; the decoder fails
/// exactly when the parser does, or else names a JSON path; no error or warning text can
/// act on a terminal.
@main
enum FuzzDecoder {
    static func main() { FuzzDriver.run(fuzzDecoder) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput(data, size).rest
    let parsed: ParsedJSON?
    do {
        let value = try JSONParser.parse(bytes)
        let written = value.serialized()
        do {
            let again = try JSONParser.parse(written)
            require(again.serialized() == written, "parse ∘ serialize is not the identity: \(written.debugDescription)")
        } catch {
            fatalError("invariant violated: serialized JSON does not parse: \(error): \(written.debugDescription)")
        }
        parsed = value
    } catch {
        checkSyntaxError(error, in: bytes)
        parsed = nil
    }

    for channel in [nil, "messaging:general"] {
        do {
            let document = try ConversationDecoder.decode(bytes, channel: channel)
            require(parsed != nil, "the decoder accepted what the parser rejects")
            for warning in document.warnings {
                TerminalSafety.check(warning.description, "warning")
            }
        } catch {
            TerminalSafety.check(error.description, "error")
            if parsed == nil {
                require(error.line != nil, "malformed JSON reported without a line: \(error)")
            } else {
                require(error.path != nil, "a decoding error without a JSON path: \(error)")
            }
        }
    }
    return 0
}

/// A syntax error names a line and column that exist in `bytes`.
private func checkSyntaxError(_ error: DocumentError, in bytes: [UInt8]) {
    TerminalSafety.check(error.description, "syntax error")
    require(error.path == nil, "a syntax error with a JSON path: \(error)")
    guard let line = error.line, let column = error.column else {
        fatalError("invariant violated: a syntax error without line and column: \(error)")
    }
    // Line ends: "\n", "\r\n" and a lone "\r".
    let lineCount = bytes.indices.count(where: { index in
        bytes[index] == UInt8(ascii: "\n")
            || (bytes[index] == UInt8(ascii: "\r") && (index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n")))
    }) + 1
    require(line >= 1 && line <= lineCount, "line \(line) of \(lineCount): \(error)")
    require(column >= 1 && column <= bytes.count + 1, "column \(column) of \(bytes.count) bytes: \(error)")
}
