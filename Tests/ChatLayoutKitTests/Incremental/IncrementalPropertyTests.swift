@testable import ChatLayoutKit
@testable import ChatLayoutModel
@testable import ChatLayoutDecisions
@testable import ChatLayoutComposition
@testable import ChatLayoutPlacement
import ChatLayoutTestSupport
import Dispatch
import Foundation
import Testing

/// Random change sequences over the generated conversations of `PropertyHarness`: after every
/// change the incremental list equals a full layout of its conversation (decisions, rows,
/// `screen(nil).json()` to the byte, viewports, overlay queries), and its diff turns the rows
/// before into the rows after. Entries are kept in chunks of 1–6 so that changes cross chunk
/// boundaries, split chunks and empty them.
///
/// `CLK_INCREMENTAL_SEQUENCES=N` runs N sequences (default 300); `CLK_INCREMENTAL_SEQUENCE=S`
/// runs sequence S alone, printing each change.
@Suite struct IncrementalPropertyTests {
    static let sequences: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment["CLK_INCREMENTAL_SEQUENCE"].flatMap(UInt64.init) { return [one] }
        let count = environment["CLK_INCREMENTAL_SEQUENCES"].flatMap(Int.init) ?? 300
        return (1 ... UInt64(max(1, count))).map { $0 }
    }()

    static let changesPerSequence = 12
    static let verbose = ProcessInfo.processInfo.environment["CLK_INCREMENTAL_SEQUENCE"] != nil

    @Test func everyChange_equalsAFullLayout_andItsDiffAccountsForIt() {
        var failures = [String?](repeating: nil, count: Self.sequences.count)
        failures.withUnsafeMutableBufferPointer { slots in
            let slots = UncheckedSlots(slots)
            DispatchQueue.concurrentPerform(iterations: Self.sequences.count) { index in
                slots.value[index] = Self.run(sequence: Self.sequences[index])
            }
        }
        let failed = failures.compactMap { $0 }
        #expect(failed.isEmpty, "\(failed.count) of \(Self.sequences.count) sequences fail:\n\(failed.prefix(5).joined(separator: "\n"))")
    }

    /// Runs one sequence; nil when every change holds, else what failed and how to replay it.
    static func run(sequence: UInt64) -> String? {
        var random = SplitMix64(seed: sequence &* 0xA24B_AED4_963E_E407 ^ 0x1C4E)
        let input = ConversationGenerator.makeCase(seed: sequence)
        var (changes, conversation) = ChangeGenerator.start(input, random: &random, keep: random.int(0 ... 30))
        let width = random.weighted([(1, random.int(1 ... 6)), (9, random.int(7 ... 120))])
        let chunkLength = random.int(1 ... 6)
        func report(_ step: Int, _ change: String, _ detail: String) -> String {
            "sequence \(sequence) (\(input.summary)), width \(width), chunks of \(chunkLength), change #\(step) \(change): \(detail)\n"
                + "  replay: CLK_INCREMENTAL_SEQUENCE=\(sequence) swift test --filter IncrementalPropertyTests"
        }
        var list: IncrementalMessageList
        do {
            list = try IncrementalOracle.make(conversation, config: input.config, context: input.context, width: width,
                                              chunkLength: chunkLength)
        } catch {
            return report(0, "init", "\(error)")
        }
        var items = list.items
        if let mismatch = IncrementalOracle.mismatch(list, items: items, probes: &random) { return report(0, "init", mismatch) }
        for step in 1 ... changesPerSequence {
            let (change, valid) = changes.next(conversation)
            let name = describe(change)
            if verbose { print("change #\(step): \(name)") }
            do {
                let diff = try list.apply(change)
                if !valid { return report(step, name, "was accepted; it must be refused") }
                let after = list.items
                if let mismatch = IncrementalOracle.mismatch(list, items: after, probes: &random) { return report(step, name, mismatch) }
                if let mismatch = IncrementalOracle.diffMismatch(before: items, after: after, diff: diff, contentHeight: list.contentHeight) {
                    return report(step, name, mismatch)
                }
                items = after
                conversation = list.conversation
            } catch {
                if valid { return report(step, name, "refused: \(error)") }
                if list.items != items || list.conversation != conversation { return report(step, name, "a refused change changed the list") }
            }
        }
        return nil
    }

    static func describe(_ change: MessageListChange) -> String {
        switch change {
        case .append(let message): "append \(PropertyHarness.describe(message))"
        case .insert(let message): "insert \(PropertyHarness.describe(message))"
        case .prependPage(let messages): "prepend \(messages.map(\.id))"
        case .edit(let message): "edit \(PropertyHarness.describe(message))"
        case .softDelete(let id, _): "soft delete \(id)"
        case .remove(let id): "remove \(id)"
        case .width(let width): "width \(width)"
        case .typingUsers(let ids): "typing \(ids)"
        case .historyLoaded(let loaded): "history loaded \(loaded)"
        case .loadingOlderMessages(let loading): "loading older \(loading)"
        case .loadingNewerMessages(let loading): "loading newer \(loading)"
        case .reads(let reads): "reads \(reads.map { "\($0.user.id): \($0.lastReadMessageID ?? "-") \($0.lastRead?.iso8601 ?? "-") \($0.unreadMessages.map(String.init) ?? "-")" })"
        }
    }
}

private struct UncheckedSlots<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
