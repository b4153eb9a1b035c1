@_spi(ChatLayoutStages) import ChatLayoutModel

/// Where the thread list is in its loading cycle (Stream's `ChatThreadListVC` states).
public enum ThreadListPhase: Hashable, Sendable, Codable {
    /// Nothing loaded yet: a loading state.
    case loading
    /// Loaded, and there are no threads: "No threads here yet...".
    case empty
    /// Loading failed: the error banner with its retry button (over what was loaded before).
    case error
    /// Loaded; `hasMore` when the server gave a `next` cursor.
    case loaded(hasMore: Bool)
    /// The next page is loading: a spinner under the list.
    case loadingMore
    /// The list is loading again from the start: a spinner above it.
    case reloading
}

/// The paging state machine of the thread list: a pure reducer over what happens.
public struct ThreadListPaging: Hashable, Sendable {
    /// Where the list is in its loading cycle.
    public var phase: ThreadListPhase
    /// The query of the next request (its `next` cursor set once a page said there is more).
    public var query: ThreadListQuery
    /// Threads loaded so far.
    public var loadedCount: Int

    /// A paging state; by default loading the first page.
    public init(phase: ThreadListPhase = .loading, query: ThreadListQuery = ThreadListQuery(), loadedCount: Int = 0) {
        self.phase = phase
        self.query = query
        self.loadedCount = loadedCount
    }

    /// What happens to the thread list: a page arrives or fails, the user asks for more or
    /// reloads.
    public enum Action: Hashable, Sendable {
        /// A page arrived with `count` threads and the server's `next` cursor.
        case pageLoaded(count: Int, next: String?)
        /// The request failed.
        case failed
        /// The user scrolled to the end.
        case loadMore
        /// Pull to refresh, the retry button, or the banner of new threads.
        case reload
    }

    /// The state after `action`. Loading more is only possible with a cursor and while idle;
    /// a reload starts from the first page (keeping the list on screen when there is one).
    public static func reduce(_ state: ThreadListPaging, _ action: Action) -> ThreadListPaging {
        var next = state
        switch (state.phase, action) {
        case (.loading, .pageLoaded(let count, let cursor)), (.reloading, .pageLoaded(let count, let cursor)):
            next.loadedCount = count
            next.query.next = cursor
            next.phase = count == 0 ? .empty : .loaded(hasMore: cursor?.isEmpty == false)
        case (.loadingMore, .pageLoaded(let count, let cursor)):
            next.loadedCount += count
            next.query.next = cursor
            next.phase = .loaded(hasMore: cursor?.isEmpty == false)
        case (.loading, .failed), (.reloading, .failed), (.loadingMore, .failed):
            next.phase = .error
        case (.loaded(hasMore: true), .loadMore):
            next.phase = .loadingMore
        case (.loaded, .reload), (.empty, .reload), (.error, .reload):
            next.phase = state.loadedCount > 0 ? .reloading : .loading
            next.query.next = nil
        default:
            break // nothing to do: e.g. loading more without a cursor, a page nobody asked for
        }
        return next
    }

    /// The phase a document describes: `thread_list.state` and the threads it holds.
    public static func phase(_ state: ListLoadingState, threadCount: Int, next: String?) -> ThreadListPhase {
        switch state {
        case .loading: return threadCount > 0 ? .reloading : .loading
        case .error: return .error
        case .loadingMore: return .loadingMore
        case .reloading: return .reloading
        case .loaded: return threadCount == 0 ? .empty : .loaded(hasMore: next?.isEmpty == false)
        }
    }
}
