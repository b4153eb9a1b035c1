/// Hashes of bytes for the dictionaries keyed by ids and texts: computed once per key and
/// kept in it, so that a dictionary's search compares plain integers first and hashes no bytes
/// again for each lookup, insertion or growth.
@_spi(ChatLayoutStages) public enum ByteHash {
    /// The process's seed: from `Hasher`'s, so random in each process (as `Hasher`,
    /// deterministic under `SWIFT_DETERMINISTIC_HASHING`), and keys chosen to collide in one
    /// process do not in another.
    public static let seed: UInt64 = {
        var hasher = Hasher()
        hasher.combine(0x5EED_CAC4E as UInt64)
        return UInt64(UInt(bitPattern: hasher.finalize()))
    }()

    /// `bytes` and a number that goes with them (a width; 0 for none) hashed by wyhash's
    /// folded multiplications, sixteen bytes a step: a few instructions for eight bytes where
    /// `Hasher`'s SipHash rounds take about twenty.
    @inlinable @inline(__always)
    public static func hash(_ bytes: UnsafeRawBufferPointer, width: Int) -> Int {
        @inline(__always) func fold(_ left: UInt64, _ right: UInt64) -> UInt64 {
            let product = left.multipliedFullWidth(by: right)
            return product.high ^ product.low
        }
        let secret0: UInt64 = 0xA076_1D64_78BD_642F, secret1: UInt64 = 0xE703_7ED1_A0B4_28DB, secret2: UInt64 = 0x8EBC_6AF0_9C88_C6E3
        let seed = Self.seed
        let count = bytes.count
        var state = seed ^ fold(seed ^ secret0, UInt64(UInt(bitPattern: width)) ^ secret1)
        var first: UInt64 = 0, second: UInt64 = 0
        if let base = bytes.baseAddress {
            if count <= 16 {
                if count >= 4 {
                    let last = count - 4, middle = (count >> 3) << 2
                    first = UInt64(base.loadUnaligned(as: UInt32.self)) << 32 | UInt64(base.loadUnaligned(fromByteOffset: middle, as: UInt32.self))
                    second = UInt64(base.loadUnaligned(fromByteOffset: last, as: UInt32.self)) << 32
                        | UInt64(base.loadUnaligned(fromByteOffset: last - middle, as: UInt32.self))
                } else if count > 0 {
                    first = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
                }
            } else {
                var offset = 0
                while count - offset > 16 {
                    state = fold(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ secret1,
                                 base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ state)
                    offset += 16
                }
                first = base.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
                second = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            }
        }
        let mixed = fold(secret1 ^ UInt64(count), fold(first ^ secret1, second ^ state) ^ secret2)
        return Int(truncatingIfNeeded: mixed)
    }

    /// A string's bytes hashed (``hash(_:width:)``), read in place (a small string's copied
    /// to the stack).
    @inlinable
    public static func hash(_ text: String, width: Int = 0) -> Int {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0), width: width) }) { return hash }
        return Array(text.utf8).withUnsafeBytes { hash($0, width: width) }
    }

    /// A key's kept hash as a dictionary asks for it (`_rawHashValue(seed:)`): mixed with the
    /// dictionary's own seed, not fed through a `Hasher` again (its finalisation).
    @inlinable @inline(__always)
    public static func mixed(_ hash: Int, seed: Int) -> Int {
        var mixed = UInt64(bitPattern: Int64(hash ^ seed))
        mixed ^= mixed >> 32
        mixed &*= 0xD6E8_FEB8_6659_FD93
        mixed ^= mixed >> 32
        return Int(Int64(bitPattern: mixed))
    }
}
