import ChatLayoutKit
import Testing

/// The Layout options article's rule 14: `deliveryStatusIndicator` on the current user's last
/// message of a group. Luke's messages are sent at `start` (2024-03-05T09:00:00Z).
@Suite struct DeliveryStatusDecisionsTests {
    private let chat = ConversationBuilder()

    private func status(_ builder: ConversationBuilder, of id: String = "m") throws -> DeliveryStatus? {
        let list = try builder.resolve()
        let decision = try #require(list.decision(id))
        // The status and the option go together.
        #expect(decision.options.contains(.deliveryStatusIndicator) == (decision.deliveryStatus != nil))
        return decision.deliveryStatus
    }

    // MARK: Local states

    @Test(arguments: [LocalState.pendingSend, .sending, .pendingSync, .syncing, .deleting])
    func inProgressState_showsPending(state: LocalState) throws {
        #expect(try status(chat.message("m", by: "luke") { $0.localState = state }) == .pending)
    }

    @Test(arguments: [LocalState.pendingSend, .sending, .pendingSync, .syncing, .deleting])
    func inProgressState_showsPendingEvenWithoutReadOrDeliveryEvents(state: LocalState) throws {
        let builder = chat
            .features { $0.readEvents = false; $0.deliveryEvents = false }
            .message("m", by: "luke") { $0.localState = state }
        #expect(try status(builder) == .pending)
    }

    @Test(arguments: [LocalState.sendingFailed, .syncingFailed, .deletingFailed])
    func failedState_showsNoStatus(state: LocalState) throws {
        let builder = chat
            .read(by: "leia", lastRead: chat.at(60))
            .message("m", by: "luke") { $0.localState = state }
        #expect(try status(builder) == nil)
    }

    // MARK: Read, delivered, sent

    @Test func readByAnotherMember_showsRead() throws {
        let builder = chat.read(by: "leia", lastRead: chat.at(30)).message("m", by: "luke")
        #expect(try status(builder) == .read)
    }

    @Test func lastReadAtExactlyTheCreationTime_showsRead() throws {
        let builder = chat.read(by: "leia", lastRead: chat.at(0)).message("m", by: "luke")
        #expect(try status(builder) == .read)
    }

    @Test func lastReadOneNanosecondBeforeTheCreationTime_showsSent() throws {
        let builder = chat.read(by: "leia", lastRead: chat.at(-0.000_000_001)).message("m", by: "luke")
        #expect(try status(builder) == .sent)
    }

    @Test func readByTheCurrentUserOnly_showsSent() throws {
        let builder = chat.read(by: "luke", lastRead: chat.at(60)).message("m", by: "luke")
        #expect(try status(builder) == .sent)
    }

    @Test func readByOneOfSeveralMembers_showsRead() throws {
        let builder = chat
            .read(by: "leia", lastRead: chat.at(-100))
            .read(by: "han", lastRead: chat.at(100))
            .message("m", by: "luke")
        #expect(try status(builder) == .read)
    }

    @Test func deliveredOneSecondBeforeTheCreationTime_showsDelivered() throws {
        // last_delivered_at + 1 s ≥ created_at, with equality.
        let builder = chat.read(by: "leia", lastDeliveredAt: chat.at(-1)).message("m", by: "luke")
        #expect(try status(builder) == .delivered)
    }

    @Test func deliveredMoreThanOneSecondBeforeTheCreationTime_showsSent() throws {
        let builder = chat.read(by: "leia", lastDeliveredAt: chat.at(-1.000_000_001)).message("m", by: "luke")
        #expect(try status(builder) == .sent)
    }

    @Test func deliveredAndRead_showsRead() throws {
        let builder = chat
            .read(by: "leia", lastRead: chat.at(10), lastDeliveredAt: chat.at(5))
            .message("m", by: "luke")
        #expect(try status(builder) == .read)
    }

    @Test func neitherDeliveredNorRead_showsSent() throws {
        #expect(try status(chat.message("m", by: "luke")) == .sent)
    }

    // MARK: Channel features

    @Test func readEventsOff_showsNoSent() throws {
        // Stream: sent and read need read events; delivered needs delivery events.
        let builder = chat
            .features { $0.readEvents = false }
            .message("m", by: "luke")
        #expect(try status(builder) == nil)
    }

    @Test func readEventsOff_aReadMessageShowsNoStatus_notDelivered() throws {
        // Read by Leia: its status is read, which read events would show; delivered does not
        // stand in for it.
        let builder = chat
            .features { $0.readEvents = false }
            .read(by: "leia", lastRead: chat.at(30), lastDeliveredAt: chat.at(30))
            .message("m", by: "luke")
        #expect(try status(builder) == nil)
    }

    @Test func readEventsOff_stillShowsDelivered() throws {
        let builder = chat
            .features { $0.readEvents = false }
            .read(by: "leia", lastDeliveredAt: chat.at(30))
            .message("m", by: "luke")
        #expect(try status(builder) == .delivered)
    }

    @Test func readEventsOff_pendingStillShows() throws {
        let builder = chat
            .features { $0.readEvents = false; $0.deliveryEvents = false }
            .message("m", by: "luke") { $0.localState = .sending }
        #expect(try status(builder) == .pending)
    }

    @Test func deliveryEventsOff_aDeliveredMessageShowsNoStatus() throws {
        // Stream: the status is delivered, which only delivery events would show; sent does not
        // stand in for it.
        let builder = chat
            .features { $0.deliveryEvents = false }
            .read(by: "leia", lastDeliveredAt: chat.at(30))
            .message("m", by: "luke")
        #expect(try status(builder) == nil)
    }

    /// `explain` says which status the channel's events hold back, as Stream's
    /// `canShowDeliveryStatus` gates `deliveryStatus(for:)`.
    @Test func gatedStatus_isExplained_withTheEventThatIsOff() throws {
        let read = try chat
            .features { $0.readEvents = false }
            .read(by: "leia", lastRead: chat.at(30))
            .message("m", by: "luke")
            .resolve(explain: true)
        #expect(read.decision("m")?.reasons.contains(
            OptionReason(option: "deliveryStatusIndicator", reason: "read, but read events are off", removed: true)) == true)
        let delivered = try chat
            .features { $0.deliveryEvents = false }
            .read(by: "leia", lastDeliveredAt: chat.at(30))
            .message("m", by: "luke")
            .resolve(explain: true)
        #expect(delivered.decision("m")?.reasons.contains(
            OptionReason(option: "deliveryStatusIndicator", reason: "delivered, but delivery events are off", removed: true)) == true)
        let shown = try chat.message("m", by: "luke").resolve(explain: true)
        #expect(shown.decision("m")?.reasons.contains { $0.option == "deliveryStatusIndicator" && $0.removed } == false)
    }

    @Test func deliveryEventsOff_notDelivered_showsSent() throws {
        let builder = chat
            .features { $0.deliveryEvents = false }
            .read(by: "leia", lastDeliveredAt: chat.at(-30))
            .message("m", by: "luke")
        #expect(try status(builder) == .sent)
    }

    @Test func readAndDeliveryEventsOff_showNoStatus() throws {
        let builder = chat
            .features { $0.readEvents = false; $0.deliveryEvents = false }
            .read(by: "leia", lastRead: chat.at(30), lastDeliveredAt: chat.at(30))
            .message("m", by: "luke")
        #expect(try status(builder) == nil)
    }

    // MARK: Which messages

    @Test func ownMessageNotLastInGroup_showsNoStatus() throws {
        let builder = chat
            .read(by: "leia", lastRead: chat.at(60))
            .message("m1", by: "luke", at: 0)
            .message("m2", by: "luke", at: 10)
        #expect(try status(builder, of: "m1") == nil)
        #expect(try status(builder, of: "m2") == .read)
    }

    @Test func anotherUsersMessage_showsNoStatus() throws {
        let builder = chat.read(by: "han", lastRead: chat.at(60)).message("m", by: "leia")
        #expect(try status(builder) == nil)
    }

    @Test func ownReply_showsStatus() throws {
        let builder = chat.message("m", by: "luke") {
            $0.type = .reply
            $0.parentID = "root"
            $0.showInChannel = true
        }
        #expect(try status(builder) == .sent)
    }

    @Test func ownEphemeralMessage_showsNoStatus() throws {
        #expect(try status(chat.message("m", by: "luke") { $0.type = .ephemeral }) == nil)
    }

    @Test func ownBouncedErrorMessage_showsNoStatus() throws {
        let builder = chat.message("m", by: "luke") {
            $0.type = .error
            $0.isBounced = true
        }
        #expect(try status(builder) == nil)
    }
}
