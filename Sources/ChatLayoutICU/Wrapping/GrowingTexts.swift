import ChatLayoutKit
import Synchronization

/// The last few long texts the engine wrapped, kept to recognise one that grows: a reply
/// streamed into a chat arrives as the same message edited again and again, its text a few
/// characters longer each time. A text that begins with one of these is prepared from the
/// start of the earlier one's last paragraph (``PreparedText/extended(to:policy:)``) and
/// its lines before that paragraph are the earlier ones (``PreparedText/wrap(width:reusing:)``):
/// a token costs what its paragraph costs, not what the whole reply does.
final class GrowingTexts: Sendable {
    /// Texts shorter than this are measured whole: preparing them costs less than looking.
    static let minimumLength = 256
    /// How many texts are kept (the replies streaming at once, and their other widths).
    static let capacity = 8

    private let entries = Mutex<[PreparedWraps]>([])
    /// How many texts were prepared from an earlier one (for tests).
    let extendedCount = Atomic<Int>(0)

    /// The longest kept text that `text` begins with and is longer than.
    func base(of text: String) -> PreparedWraps? {
        entries.withLock { entries in
            var found: PreparedWraps?
            for entry in entries where PreparedText.begins(text, with: entry.prepared.text) {
                if found.map({ $0.prepared.text.utf8.count < entry.prepared.text.utf8.count }) ?? true { found = entry }
            }
            return found
        }
    }

    /// Keeps `prepared` wrapped at `width`: in place of `base` (the text it grew from), with
    /// the widths of the same text, or as the newest entry.
    func remember(_ prepared: PreparedText, width: Int, wrapped: WrappedText, replacing base: PreparedText?) {
        entries.withLock { entries in
            if let same = entries.firstIndex(where: { $0.prepared.storage === prepared.storage }) {
                entries[same].remember(wrapped, at: width)
                return
            }
            let entry = PreparedWraps(prepared: prepared, width: width, wrapped: wrapped)
            if let base, let grown = entries.firstIndex(where: { $0.prepared.storage === base.storage }) {
                entries[grown] = entry
                return
            }
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append(entry)
        }
    }
}
