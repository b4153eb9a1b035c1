import ChatLayoutKit

/// Goldens of Sendbird's message anatomy (`message_anatomy: sendbird`, the `sendbird` profile's)
/// and of Stream SwiftUI's `reactions_placement: bottom`: the same documents as the Stream
/// goldens, so that the drawings compare.
extension Scenarios {
    static let anatomies: [Scenario] = [
        // Groups of a hiking chat: the nickname over each group's first bubble, the time beside
        // its last, the avatar level with that bubble's bottom.
        Scenario(name: "anatomy-sendbird-message-list-w40", document: "trail-meetup.json", width: 40, tree: true,
                 overrides: .init(profile: .sendbird)),
        // Reactions, quotes and a link: inside the bubble, Sendbird's way.
        Scenario(name: "anatomy-sendbird-rich-kinds-w40", document: "photo-walk-rich.json", width: 40,
                 overrides: .init(profile: .sendbird)),
        // The thread view: the parent as Sendbird's parent info composes it (its picture in the
        // fixed frame, then its text, then the reactions), the replies in Sendbird's cells, no
        // receipt on the current user's reply.
        Scenario(name: "anatomy-sendbird-thread-w40", document: "weekend-hike-threads.json", width: 40, tree: true, svg: true,
                 threadParent: "p1", overrides: .init(profile: .sendbird)),
        // Stream SwiftUI's bottom reactions: under the bubble, not hanging above it.
        Scenario(name: "anatomy-stream-reactions-bottom-w40", document: "photo-walk-rich.json", width: 40) { config in
            config.reactionsPlacement = .bottom
        },
    ]
}
