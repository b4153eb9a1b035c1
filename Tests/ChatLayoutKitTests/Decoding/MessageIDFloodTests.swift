import ChatLayoutDecoding
import ChatLayoutKit
import Testing

/// The decoder's check of message ids for repeats (`RepeatedIDs`) splits the ids into parts by
/// their hashes and probes each part's table linearly, so ids whose hashes share a part and a
/// cluster would make checking N ids cost N² probes. Its hash is keyed per process, so no ids
/// can be chosen in advance to collide: ids chosen against a public hash cost what any ids
/// cost. Counted in probes, never in time.
struct MessageIDFloodTests {
    /// The decoder's former hash (unkeyed, public): what an attacker could compute offline.
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

    /// `count` ids whose public hashes all fall in the first eighth of a table of `tableSize`
    /// slots: one long cluster.
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

    /// The first repeat among `ids` under the decoder's hash, and the probes it took.
    static func firstRepeat(_ ids: [String], hashes: [UInt64]? = nil) -> (found: (first: Int, repeated: Int)?, probes: Int) {
        var probes = 0
        let found = RepeatedIDs.firstRepeat(hashes: hashes ?? ids.map(RepeatedIDs.hash), probes: &probes, idOf: { ids[$0] })
        return (found, probes)
    }

    @Test func idsChosenToClusterUnderThePublicHash_costAFewProbesEach() {
        let count = 512
        let chosen = Self.collidingIDs(count: count, tableSize: 1024)
        let chosenProbes = Self.firstRepeat(chosen).probes
        let ordinary = Self.firstRepeat((0 ..< count).map { "m\($0)" }).probes
        // A table at most half full: a few probes an id; a public hash made these ids cost
        // some 100 000, every id walking the cluster.
        #expect(chosenProbes <= 4 * count, "\(chosenProbes) probes for \(count) chosen ids (ordinary ids: \(ordinary))")
        #expect(ordinary <= 4 * count, "\(ordinary) probes for \(count) ordinary ids")
    }

    @Test func aRepeatedID_amongChosenIDs_isStillFound() {
        let ids = Self.collidingIDs(count: 300, tableSize: 1024)
        let found = Self.firstRepeat(ids + [ids[217]]).found
        #expect(found?.first == 217)
        #expect(found?.repeated == 300)
    }

    /// Ids over many parts (2,048 ids a part about): the repeat with the lowest number is the one
    /// found, whichever part it falls in, with the earlier id it repeats.
    @Test func theFirstRepeat_byNumber_isFound_amongManyParts() {
        var ids = (0 ..< 20000).map { "m\($0)" }
        #expect(Self.firstRepeat(ids).found == nil)
        ids[15000] = "m3"
        ids[9000] = "m4000"
        ids[12000] = "m11"
        let found = Self.firstRepeat(ids).found
        #expect(found?.first == 4000)
        #expect(found?.repeated == 9000)
        // Many ids: the probes stay a few an id.
        #expect(Self.firstRepeat(ids).probes <= 4 * ids.count)
    }

    /// Hashes that are all equal (as no keyed hash would make them): ids that differ are told
    /// apart by their bytes, and a repeat is still the first one.
    @Test func equalHashes_areToldApartByTheIDs() {
        var ids = (0 ..< 300).map { "id-\($0)" }
        #expect(Self.firstRepeat(ids, hashes: [UInt64](repeating: 42, count: ids.count)).found == nil)
        ids.append("id-7")
        ids.append("id-5")
        let found = Self.firstRepeat(ids, hashes: [UInt64](repeating: 42, count: ids.count)).found
        #expect(found?.first == 7)
        #expect(found?.repeated == 300)
    }

    /// Fewer than two ids repeat nothing.
    @Test func noIDs_andOneID_repeatNothing() {
        #expect(Self.firstRepeat([]).found == nil)
        #expect(Self.firstRepeat(["m1"]).found == nil)
        #expect(Self.firstRepeat(["m1", "m1"]).found?.repeated == 1)
    }
}
