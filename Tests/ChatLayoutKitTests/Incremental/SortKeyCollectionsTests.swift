@_spi(ChatLayoutStages) @testable import ChatLayoutDecisions
@testable import ChatLayoutModel
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Testing

/// The small collections a change records its entries in: the same answers as a `Set` and a
/// `Dictionary`, before and after they outgrow their arrays (a page of older messages).
@Suite struct SortKeyCollectionsTests {
    private func key(_ seconds: Int64, _ sequence: Int) -> SortKey {
        SortKey(createdAt: Timestamp(seconds: seconds), sequence: sequence)
    }

    @Test func theSet_answersAsASet_acrossItsGrowth() {
        var random = SplitMix64(seed: 44)
        for count in [0, 1, 3, 16, 17, 40, 300] {
            var set = SortKeySet()
            var reference = Set<SortKey>()
            for _ in 0 ..< count {
                let made = key(Int64(random.int(0 ... 30)), random.int(0 ... 3)) // repeats too
                set.insert(made)
                reference.insert(made)
                #expect(set.contains(made))
            }
            #expect(set.sorted() == reference.sorted(), "\(count) inserts")
            for seconds in 0 ... 31 { #expect(set.contains(key(Int64(seconds), 0)) == reference.contains(key(Int64(seconds), 0))) }
        }
    }

    @Test func theMap_answersAsADictionary_acrossItsGrowth() {
        var random = SplitMix64(seed: 45)
        for count in [1, 5, 16, 17, 60] {
            var map = SortKeyMap<Int>()
            var reference: [SortKey: Int] = [:]
            for step in 0 ..< count * 3 {
                let made = key(Int64(random.int(0 ... count)), 0)
                switch random.int(0 ... 3) {
                case 0 where reference[made] != nil:
                    map.modify(made) { $0 += 100 }
                    reference[made]! += 100
                case 1:
                    map[made] = nil
                    reference[made] = nil
                default:
                    map[made] = step
                    reference[made] = step
                }
                #expect(map[made] == reference[made])
            }
            #expect(map.keys.sorted() == reference.keys.sorted(), "\(count)")
            for (key, value) in reference { #expect(map[key] == value && map.contains(key)) }
        }
    }
}
