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
/// Every other sequence keeps the rows before a change as values of their own (their decisions
/// and boxes copied out of the list), so that the list alone holds its decisions: the row above
/// a message appended to its group is then regrouped in place (its decisions' box kept), which
/// must happen in some of them; the others hold the list's items, as a front end that keeps a
/// diff does, and the list must leave those as they were.
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
        var results = [(failure: String?, regroupedInPlace: Int)](repeating: (nil, 0), count: Self.sequences.count)
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UncheckedSlots(slots)
            DispatchQueue.concurrentPerform(iterations: Self.sequences.count) { index in
                slots.value[index] = Self.run(sequence: Self.sequences[index])
            }
        }
        let failed = results.compactMap(\.failure)
        #expect(failed.isEmpty, "\(failed.count) of \(Self.sequences.count) sequences fail:\n\(failed.prefix(5).joined(separator: "\n"))")
        // The sequences whose list alone holds its decisions regroup rows above appends in place.
        if Self.sequences.count >= 100 { #expect(results.reduce(0) { $0 + $1.regroupedInPlace } >= 20) }
    }

    /// Runs one sequence; nil when every change holds, else what failed and how to replay it;
    /// and how many rows above an append it regrouped in place.
    static func run(sequence: UInt64) -> (failure: String?, regroupedInPlace: Int) {
        var regroupedInPlace = 0
        let failure = run(sequence: sequence, regroupedInPlace: &regroupedInPlace)
        return (failure, regroupedInPlace)
    }

    /// An item of the list as a value of its own: its decisions and box copied out, no longer
    /// the list's.
    static func detached(_ item: LaidOutItem) -> LaidOutItem {
        var copy = item
        copy.item = item.item
        copy.row = item.row
        return copy
    }

    /// The decisions' box of the entry of message `id`, and its decisions, when the list has it.
    static func decisions(of id: String, in list: IncrementalMessageList) -> (box: ObjectIdentifier, decision: MessageDecision)? {
        guard let position = (0 ..< list.entries.count).last(where: { list.entries[$0].message.id == id }) else { return nil }
        let box = list.entries[position].decisionBox
        return (ObjectIdentifier(box), box.decision)
    }

    private static func run(sequence: UInt64, regroupedInPlace: inout Int) -> String? {
        // Odd sequences keep no item of the list between changes.
        let detaches = sequence % 2 == 1
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
        if detaches { items = items.map(detached) }
        for step in 1 ... changesPerSequence {
            let (change, valid) = changes.next(conversation)
            let name = describe(change)
            if verbose { print("change #\(step): \(name)") }
            // The last message before an append, which may join its group: its decisions' box
            // and decisions (copied out, the box not held).
            let last = list.entries.count > 0 ? list.entries[list.entries.count - 1].message.id : nil
            let lastBefore = last.flatMap { decisions(of: $0, in: list) }
            do {
                let diff = try list.apply(change)
                if !valid { return report(step, name, "was accepted; it must be refused") }
                // Decisions changed in their box (its group boundary moved on, or regrouped:
                // another position or other options) only where the list alone holds them.
                if case .append = change, let last, let lastBefore, let lastAfter = decisions(of: last, in: list),
                   lastAfter.box == lastBefore.box, !lastAfter.decision.isExactly(lastBefore.decision) {
                    guard detaches else { return report(step, name, "\(last)'s decisions changed in a box the items before hold") }
                    if lastAfter.decision.position != lastBefore.decision.position || lastAfter.decision.options != lastBefore.decision.options {
                        regroupedInPlace += 1
                    }
                }
                let after = list.items
                if let mismatch = IncrementalOracle.mismatch(list, items: after, probes: &random) { return report(step, name, mismatch) }
                if let mismatch = IncrementalOracle.diffMismatch(before: items, after: after, diff: diff, contentHeight: list.contentHeight) {
                    return report(step, name, mismatch)
                }
                items = detaches ? after.map(detached) : after
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
