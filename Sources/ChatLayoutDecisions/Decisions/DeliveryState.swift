@_spi(ChatLayoutStages) import ChatLayoutModel

/// What the other members have read and received (rule 14).
package struct DeliveryState: Equatable {
    var latestOtherRead: Timestamp?
    var latestOtherDelivery: Timestamp?
    /// The other members' last reads, oldest first: a message's read count is how many are at
    /// or after it (``readCount(of:memberCount:)``).
    var otherReads: [Timestamp]

    init(conversation: Conversation, currentUserID: String?) {
        self.init(reads: conversation.reads, currentUserID: currentUserID)
    }

    package init(reads: [ReadState], currentUserID: String?) {
        let others = reads.filter { !Identifier.same($0.user.id, currentUserID) }
        latestOtherDelivery = others.compactMap(\.lastDeliveredAt).max()
        otherReads = others.compactMap(\.lastRead).sorted()
        latestOtherRead = otherReads.last
    }

    /// How many other members read one of the current user's messages, shown before its status
    /// in group channels ("2 ✓✓", Stream's `ChatMessageDeliveryStatusView`): nil in a direct
    /// channel (`member_count <= 2`), for a message still in progress or failed, and when
    /// nobody read it. A member read it when their last read is at or after it, as the read
    /// status decides.
    func readCount(of message: Message, memberCount: Int) -> Int? {
        guard memberCount > 2, message.localState == nil else { return nil }
        // The first read at or after the message: the ones from there on read it.
        var low = 0, high = otherReads.count
        while low < high {
            let middle = (low + high) / 2
            if otherReads[middle] < message.createdAt { low = middle + 1 } else { high = middle }
        }
        let count = otherReads.count - low
        return count > 0 ? count : nil
    }

    /// Messages created up to this instant count as delivered: the latest delivery, and a
    /// second after it (Stream's tolerance for clocks a little apart).
    var deliveredUpTo: Timestamp? {
        latestOtherDelivery.map { Timestamp(seconds: $0.seconds + 1, nanoseconds: $0.nanoseconds) }
    }

    /// The status of one of the current user's messages, or nil when none is shown, as
    /// Stream's resolver gates it: in-progress states always show pending and failed ones never
    /// show; otherwise the status is read (another member read it), delivered (another member's
    /// device received it, nobody read it) or sent, and read and sent show only with read
    /// events, delivered only with delivery events.
    func status(of message: Message, features: ChannelFeatures) -> DeliveryStatus? {
        guard let status = ungatedStatus(of: message) else { return nil }
        return Self.isShown(status, features: features) ? status : nil
    }

    /// The status before the channel's events gate it: pending while in progress, none after a
    /// failure, else read, delivered or sent (Stream's `ChatMessage.deliveryStatus(for:)`).
    func ungatedStatus(of message: Message) -> DeliveryStatus? {
        if let state = message.localState {
            return state.isInProgress ? .pending : nil
        }
        if let read = latestOtherRead, read >= message.createdAt { return .read }
        if let delivered = deliveredUpTo, delivered >= message.createdAt { return .delivered }
        return .sent
    }

    /// Stream's `canShowDeliveryStatus`: pending always, read and sent with read events,
    /// delivered with delivery events. A status the channel does not show is not replaced by
    /// another (a read message without read events shows nothing, not "delivered").
    static func isShown(_ status: DeliveryStatus, features: ChannelFeatures) -> Bool {
        switch status {
        case .pending: true
        case .read, .sent: features.readEvents
        case .delivered: features.deliveryEvents
        }
    }

    /// The spans of `created_at` in which a message's status or read count can differ between
    /// `old` and this state: a status changes only where the latest read or the delivered-up-to
    /// instant moved, a read count only where a member's read moved.
    /// Each span is after `after` (nil: from the oldest) up to `upTo`, both ends as `status`
    /// compares them. An incremental list decides again only the messages in these spans.
    package func changedSpans(since old: DeliveryState) -> [(after: Timestamp?, upTo: Timestamp)] {
        var spans: [(after: Timestamp?, upTo: Timestamp)] = [(old.latestOtherRead, latestOtherRead), (old.deliveredUpTo, deliveredUpTo)].compactMap { before, now in
            switch (before, now) {
            case let (before?, now?): before == now ? nil : (min(before, now), max(before, now))
            case let (nil, only?), let (only?, nil): (nil, only)
            case (nil, nil): nil
            }
        }
        if let reads = Self.changedReadCounts(old.otherReads, otherReads) { spans.append(reads) }
        return spans
    }

    /// The span of `created_at` in which a message's read count can differ between the reads
    /// `old` and `new` (both oldest first): up to the latest read that is in one and not the
    /// other, after the earliest (from the oldest when a member's read came or went).
    static func changedReadCounts(_ old: [Timestamp], _ new: [Timestamp]) -> (after: Timestamp?, upTo: Timestamp)? {
        guard old != new else { return nil }
        // The reads in one and not the other, by walking both in order.
        var earliest: Timestamp?, latest: Timestamp?
        var i = 0, j = 0
        func note(_ read: Timestamp) {
            earliest = min(earliest ?? read, read)
            latest = max(latest ?? read, read)
        }
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                i += 1; j += 1
            } else if j == new.count || (i < old.count && old[i] < new[j]) {
                note(old[i]); i += 1
            } else {
                note(new[j]); j += 1
            }
        }
        guard let upTo = latest else { return nil }
        return (old.count == new.count ? earliest : nil, upTo)
    }

    /// For `explain`: the status and the event that lets it show; a read count says how many
    /// read it ("read by 2 (read events on)").
    static func reason(_ status: DeliveryStatus, readCount: Int? = nil) -> String {
        if status == .read, let readCount {
            return "read by \(readCount) (read events on)"
        }
        return switch status {
        case .pending: "pending (an action is under way)"
        case .sent: "sent (read events on, nobody read it)"
        case .delivered: "delivered (delivery events on, nobody read it)"
        case .read: "read (read events on)"
        }
    }

    /// For `explain`: why a status the message has is not shown.
    static func hiddenReason(_ status: DeliveryStatus) -> String {
        switch status {
        case .pending: "pending always shows"
        case .sent, .read: "\(status.rawValue), but read events are off"
        case .delivered: "delivered, but delivery events are off"
        }
    }
}
