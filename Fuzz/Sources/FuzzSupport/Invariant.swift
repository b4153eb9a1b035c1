/// What every fuzz target shares: a failed invariant stops the process (libFuzzer then saves
/// the input as a crash), and the checks that more than one target makes.

/// Stops the process with `message` when `condition` is false. libFuzzer reports the trap as a
/// crash and writes the input to `crash-<sha1>`.
@inline(__always)
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant violated: \(message())") }
}

/// Checks on text that is about to reach a terminal.
public enum TerminalSafety {
    /// The first character of `text` that a terminal would obey rather than draw: C0 controls
    /// (except the allowed ones), DEL and C1 controls. ESC is a C0 control.
    public static func firstControl(in text: String, allowing allowed: Set<Unicode.Scalar> = []) -> Unicode.Scalar? {
        text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x00 ..< 0x20, 0x7F ... 0x9F: return !allowed.contains(scalar)
            default: return false
            }
        }
    }

    /// Whether every bidi embedding, override and isolate of `text` is closed within it and
    /// no closer is unmatched, paragraph by paragraph ("\n", U+2029). A rough model of UAX #9
    /// matching: enough to say that nothing can reorder text outside this one.
    public static func bidiIsBalanced(_ text: String) -> Bool {
        var open: [Bool] = []  // true: an isolate
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: open.append(false)
            case 0x2066, 0x2067, 0x2068: open.append(true)
            case 0x202C:
                guard open.last == false else { return false }
                open.removeLast()
            case 0x2069:
                guard let isolate = open.lastIndex(of: true) else { return false }
                open.removeSubrange(isolate...)
            case 0x0A, 0x2029:
                guard open.isEmpty else { return false }
            default: break
            }
        }
        return open.isEmpty
    }

    /// Fails when `text` has anything a terminal would obey or (with `bidi`) unbalanced bidi
    /// controls.
    public static func check(_ text: String, allowing allowed: Set<Unicode.Scalar> = [], bidi: Bool = true,
                             _ what: @autoclosure () -> String) {
        if let control = firstControl(in: text, allowing: allowed) {
            fatalError("invariant violated: \(what()) contains the control U+\(String(control.value, radix: 16, uppercase: true)): \(text.debugDescription)")
        }
        require(!bidi || bidiIsBalanced(text), "\(what()) has unbalanced bidi controls: \(text.debugDescription)")
    }
}

/// The bytes of one fuzz input, read from the front: parameters first, the payload after.
public struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    /// The input libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = size > 0 && data != nil ? ArraySlice(UnsafeBufferPointer(start: data, count: size)) : []
    }

    /// The next byte, or 0 when the input is used up.
    public mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// Everything not read yet.
    public var rest: [UInt8] { Array(bytes) }
}
