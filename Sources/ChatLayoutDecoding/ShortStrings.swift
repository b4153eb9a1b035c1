/// Strings of up to 16 bytes already made, by their bytes: ids, names, types and reaction
/// kinds repeat from message to message, and making a `String` (validating its UTF-8) costs
/// more than finding it. Direct-mapped; a slot holds the bytes it was made from, so a hit is
/// the same bytes, and the same `String` the decoding would make.
struct ShortStrings {
    private struct Slot {
        var length = -1
        var first: UInt64 = 0
        var second: UInt64 = 0
        var string = ""
    }

    private static let slotCount = 256
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    func deallocate() {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The string of the `length` bytes at `start` (no escapes; 16 bytes readable from `start`).
    @inline(__always)
    func string(at start: UnsafePointer<UInt8>, length: Int) -> String {
        let raw = UnsafeRawPointer(start)
        let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            & (length >= 8 ? ~0 : (UInt64(1) &<< UInt64(length &* 8)) &- 1)
        let second = length <= 8 ? 0 : UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            & (length >= 16 ? ~0 : (UInt64(1) &<< UInt64((length &- 8) &* 8)) &- 1)
        let hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (second &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
        let slot = slots + Int(truncatingIfNeeded: hash >> 56)
        if slot.pointee.length == length && slot.pointee.first == first && slot.pointee.second == second {
            return slot.pointee.string
        }
        let string = String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
        slot.pointee = Slot(length: length, first: first, second: second, string: string)
        return string
    }
}
