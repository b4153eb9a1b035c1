import ChatLayoutICUShim
import ChatLayoutKit
import Synchronization

/// The last few long texts the engine wrapped, kept to recognise one that grows: a reply
/// streamed into a chat arrives as the same message edited again and again, its text a few
/// characters longer each time. A text that begins with one of these is prepared from the
/// start of the earlier one's last word after a space, or else its last paragraph
/// (``PreparedText/extended(to:policy:)``), and its lines before that paragraph are the earlier ones (``PreparedText/wrap(width:reusing:)``,
/// or as spans of its bytes, ``GrowingTexts/Entry/spans``): a token costs what its word and
/// its paragraph's lines cost, not what the whole reply does.
///
/// Grown texts are kept here alone, not in the engine's cache: a reply streamed to 20,000
/// characters would fill it with 5,000 texts nobody asks for again, each hashed whole for its
/// key.
final class GrowingTexts: Sendable {
    /// Texts shorter than this are measured whole: preparing them costs less than looking.
    static let minimumLength = 256
    /// How many texts are kept (the replies streaming at once, and their other widths).
    static let capacity = 8

    /// A kept text: its prepared form, its lines at the widths it was wrapped at, and its lines
    /// at one width as spans of its bytes (``ICUTextEngine/measuredLines(_:width:)``).
    struct Entry {
        var wraps: PreparedWraps
        var spans: (width: Int, spans: GrownLineSpans)?

        var prepared: PreparedText { wraps.prepared }

        func spans(at width: Int) -> GrownLineSpans? {
            spans.flatMap { $0.width == width ? $0.spans : nil }
        }
    }

    /// What is kept of a text (``find(_:)``).
    enum Found {
        /// The text itself.
        case same(Entry)
        /// The longest kept text it begins with and is longer than.
        case grownFrom(Entry)
    }

    private let entries = Mutex<[Entry]>([])
    /// How many texts were prepared from an earlier one (for tests).
    let extendedCount = Atomic<Int>(0)
    /// How many texts' lines as spans kept an earlier text's lines (for tests).
    let reusedSpansCount = Atomic<Int>(0)

    /// The longest kept text that `text` begins with and is longer than.
    func base(of text: String) -> PreparedWraps? {
        if case .grownFrom(let entry)? = find(text, same: false) { return entry.wraps }
        return nil
    }

    /// The kept text that is `text`, else the longest one it begins with; nil when none.
    func find(_ text: String) -> Found? {
        find(text, same: true)
    }

    private func find(_ text: String, same: Bool) -> Found? {
        entries.withLock { entries in
            var found: Int?
            var foundLength = 0
            // The text's bytes read once for every kept text, each compared as memory (one
            // comparison says same, grown from, or neither): not `PreparedText.begins` for
            // each, which reads both texts again (+1.3 k a streamed token). Each kept text read
            // where it is (an entry copied out of the array is a dozen references retained).
            var text = text
            return text.withUTF8 { bytes -> Found? in
                for index in entries.indices {
                    var kept = entries[index].wraps.prepared.text
                    let length = kept.utf8.count
                    let relation = kept.withUTF8 { kept -> Int in
                        // 0: the same text, 1: `text` grew from it, -1: neither.
                        guard kept.count > 0, kept.count <= bytes.count,
                              clk_bytes_equal(bytes.baseAddress, kept.baseAddress, kept.count) != 0 else { return -1 }
                        return kept.count == bytes.count ? 0 : 1
                    }
                    if relation == 0 && same { return .same(entries[index]) }
                    if relation == 1 && length > foundLength {
                        found = index
                        foundLength = length
                    }
                }
                return found.map { .grownFrom(entries[$0]) }
            }
        }
    }

    /// Keeps `prepared` wrapped at `width`: in place of `base` (the text it grew from), with
    /// the widths of the same text, or as the newest entry.
    func remember(_ prepared: PreparedText, width: Int, wrapped: WrappedText, replacing base: PreparedText?) {
        update(prepared, replacing: base) { $0.wraps.remember(wrapped, at: width) }
    }

    /// Keeps `prepared`'s lines at `width` as spans of its bytes, as ``remember(_:width:wrapped:replacing:)``
    /// keeps its lines.
    func remember(_ prepared: PreparedText, width: Int, spans: GrownLineSpans, replacing base: PreparedText?) {
        update(prepared, replacing: base) { $0.spans = (width, spans) }
    }

    private func update(_ prepared: PreparedText, replacing base: PreparedText?, _ change: (inout Entry) -> Void) {
        entries.withLock { entries in
            if let same = entries.firstIndex(where: { $0.prepared.storage === prepared.storage }) {
                change(&entries[same])
                return
            }
            var entry = Entry(wraps: PreparedWraps(prepared: prepared))
            change(&entry)
            if let base, let grown = entries.firstIndex(where: { $0.prepared.storage === base.storage }) {
                entries[grown] = entry
                return
            }
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append(entry)
        }
    }
}
