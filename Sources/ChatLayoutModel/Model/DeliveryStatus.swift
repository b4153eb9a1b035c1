/// The delivery state shown by `deliveryStatusIndicator`.
public enum DeliveryStatus: String, Hashable, Sendable, Codable {
    /// Pending, sending, syncing or deleting.
    case pending
    /// On the server; nobody has read it and no other member's device has received it.
    case sent
    /// Another member's device received it (`last_delivered_at`), nobody read it.
    case delivered
    /// Another member read it (`last_read`).
    case read
}
