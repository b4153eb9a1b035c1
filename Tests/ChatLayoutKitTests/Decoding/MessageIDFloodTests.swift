import ChatLayoutDecoding
import ChatLayoutKit
import Testing

/// The decoder's table of message ids (`MessageIDIndex`) is probed linearly, so ids whose
/// hashes share a cluster would make decoding N messages cost N² probes. Its hash is keyed per
/// process, so no ids can be chosen in advance to collide: ids chosen against the table's
/// former public hash cost what any ids cost. Counted in probes, never in time.
struct MessageIDFloodTests {
    /// The table's former hash (unkeyed, public): what an attacker could compute offline.
    static func publicHash(_ id: String) -> UInt32 {
        let bytes = Array(id.utf8)
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            var word: UInt64 = 0
            for offset in 0 ..< 8 { word |= UInt64(bytes[index + offset]) << UInt64(8 * offset) }
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index += 8
        }
        var tail: UInt64 = 0
        while index < bytes.count {
            tail = tail << 8 | UInt64(bytes[index])
            index += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: hash ^ hash >> 32)
    }

    /// `count` ids whose public hashes all fall in the first eighth of the table's slots (the
    /// table has 1024 for 512 ids, so in slots 0 to 127): one long cluster.
    static func collidingIDs(count: Int, tableSize: Int) -> [String] {
        var ids: [String] = []
        var candidate = 0
        while ids.count < count {
            let id = "flood-\(candidate)"
            if Int(publicHash(id)) & (tableSize - 1) < tableSize / 8 { ids.append(id) }
            candidate += 1
        }
        return ids
    }

    /// The probes of inserting `ids`, in order, into an empty index.
    static func probes(inserting ids: [String]) -> Int {
        var index = MessageIDIndex()
        for (number, id) in ids.enumerated() {
            #expect(index.insert(id, number: number, idOf: { ids[$0] }) == nil)
        }
        return index.probes
    }

    @Test func idsChosenToClusterUnderThePublicHash_costAFewProbesEach() {
        let count = 512
        let chosen = Self.collidingIDs(count: count, tableSize: 1024)
        let chosenProbes = Self.probes(inserting: chosen)
        let ordinary = Self.probes(inserting: (0 ..< count).map { "m\($0)" })
        // A table at most half full: a few probes an insert (and a re-insert as it grows); the
        // former hash made these ids cost some 100 000, every insert walking the cluster.
        #expect(chosenProbes <= 8 * count, "\(chosenProbes) probes for \(count) chosen ids (ordinary ids: \(ordinary))")
        #expect(ordinary <= 8 * count, "\(ordinary) probes for \(count) ordinary ids")
    }

    @Test func aRepeatedID_amongChosenIDs_isStillFound() {
        let ids = Self.collidingIDs(count: 300, tableSize: 1024)
        var index = MessageIDIndex()
        for (number, id) in ids.enumerated() { _ = index.insert(id, number: number, idOf: { ids[$0] }) }
        let all = ids + [ids[217]]
        #expect(index.insert(ids[217], number: ids.count, idOf: { all[$0] }) == 217)
    }
}
