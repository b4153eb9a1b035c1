@_spi(ChatLayoutStages) import ChatLayoutModel

/// What the other members have read and received (rule 14).
package struct DeliveryState: Equatable {
    var latestOtherRead: Timestamp?
    var latestOtherDelivery: Timestamp?

    init(conversation: Conversation, currentUserID: String?) {
        self.init(reads: conversation.reads, currentUserID: currentUserID)
    }

    package init(reads: [ReadState], currentUserID: String?) {
        let others = reads.filter { !Identifier.same($0.user.id, currentUserID) }
        latestOtherRead = others.compactMap(\.lastRead).max()
        latestOtherDelivery = others.compactMap(\.lastDeliveredAt).max()
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

    /// The spans of `created_at` in which a message's status can differ between `old` and this
    /// state: a status changes only where the latest read or the delivered-up-to instant moved.
    /// Each span is after `after` (nil: from the oldest) up to `upTo`, both ends as `status`
    /// compares them. An incremental list decides again only the messages in these spans.
    package func changedSpans(since old: DeliveryState) -> [(after: Timestamp?, upTo: Timestamp)] {
        [(old.latestOtherRead, latestOtherRead), (old.deliveredUpTo, deliveredUpTo)].compactMap { before, now in
            switch (before, now) {
            case let (before?, now?): before == now ? nil : (min(before, now), max(before, now))
            case let (nil, only?), let (only?, nil): (nil, only)
            case (nil, nil): nil
            }
        }
    }

    /// For `explain`: the status and the event that lets it show.
    static func reason(_ status: DeliveryStatus) -> String {
        switch status {
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
