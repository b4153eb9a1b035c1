import ChatLayoutKit
import Testing

/// The thread list's paging state machine (Stream's `ChatThreadListVC` states): every
/// transition of `ThreadListPaging.reduce`, and the phase a document's `thread_list.state` names.
struct ThreadListPagingTests {
    // MARK: - The first page

    @Test func start_isLoading_withNothingLoadedAndNoCursor() {
        let start = ThreadListPaging()
        #expect(start.phase == .loading)
        #expect(start.loadedCount == 0)
        #expect(start.query.next == nil)
    }

    @Test func loading_thenAnEmptyPage_isEmpty() {
        let next = reduce(ThreadListPaging(), .pageLoaded(count: 0, next: nil))
        #expect(next.phase == .empty)
        #expect(next.loadedCount == 0)
    }

    @Test func loading_thenAPageWithACursor_isLoadedWithMore() {
        let next = reduce(ThreadListPaging(), .pageLoaded(count: 20, next: "page-2"))
        #expect(next.phase == .loaded(hasMore: true))
        #expect(next.loadedCount == 20)
        #expect(next.query.next == "page-2")
    }

    @Test func loading_thenAPageWithoutACursor_isLoadedWithNoMore() {
        let next = reduce(ThreadListPaging(), .pageLoaded(count: 7, next: nil))
        #expect(next.phase == .loaded(hasMore: false))
        #expect(next.query.next == nil)
    }

    @Test func anEmptyCursor_meansNoMore() {
        #expect(reduce(ThreadListPaging(), .pageLoaded(count: 7, next: "")).phase == .loaded(hasMore: false))
    }

    @Test func loading_thenAFailure_isError() {
        let next = reduce(ThreadListPaging(), .failed)
        #expect(next.phase == .error)
        #expect(next.loadedCount == 0)
    }

    @Test func emptyPageWithACursor_isStillEmpty() {
        #expect(reduce(ThreadListPaging(), .pageLoaded(count: 0, next: "page-2")).phase == .empty)
    }

    // MARK: - Loading more

    @Test func loadedWithMore_thenLoadMore_isLoadingMore_keepingTheCursor() {
        let next = reduce(loaded(20, next: "page-2"), .loadMore)
        #expect(next.phase == .loadingMore)
        #expect(next.query.next == "page-2")
        #expect(next.loadedCount == 20)
    }

    @Test func loadingMore_thenAPage_addsItsThreads_andTakesTheNewCursor() {
        let next = reduce(reduce(loaded(20, next: "page-2"), .loadMore), .pageLoaded(count: 20, next: "page-3"))
        #expect(next.phase == .loaded(hasMore: true))
        #expect(next.loadedCount == 40)
        #expect(next.query.next == "page-3")
    }

    @Test func loadingMore_thenTheLastPage_isLoadedWithNoMore() {
        let next = reduce(reduce(loaded(20, next: "page-2"), .loadMore), .pageLoaded(count: 4, next: nil))
        #expect(next.phase == .loaded(hasMore: false))
        #expect(next.loadedCount == 24)
        #expect(next.query.next == nil)
    }

    @Test func loadingMore_thenAnEmptyLastPage_staysLoaded_notEmpty() {
        let next = reduce(reduce(loaded(20, next: "page-2"), .loadMore), .pageLoaded(count: 0, next: nil))
        #expect(next.phase == .loaded(hasMore: false))
        #expect(next.loadedCount == 20)
    }

    @Test func loadingMore_thenAFailure_isError_keepingWhatWasLoaded() {
        let next = reduce(reduce(loaded(20, next: "page-2"), .loadMore), .failed)
        #expect(next.phase == .error)
        #expect(next.loadedCount == 20)
    }

    @Test func loadMore_withoutACursor_doesNothing() {
        let state = loaded(7, next: nil)
        #expect(reduce(state, .loadMore) == state)
    }

    @Test(arguments: [ThreadListPhase.loading, .empty, .error, .loadingMore, .reloading])
    func loadMore_whenNotLoadedWithMore_doesNothing(phase: ThreadListPhase) {
        let state = ThreadListPaging(phase: phase, query: ThreadListQuery(next: "page-2"), loadedCount: 20)
        #expect(reduce(state, .loadMore) == state)
    }

    // MARK: - Reloading

    @Test func reload_fromLoaded_isReloading_fromTheFirstPage() {
        let next = reduce(loaded(20, next: "page-2"), .reload)
        #expect(next.phase == .reloading)
        #expect(next.query.next == nil)
        #expect(next.loadedCount == 20) // the list stays on screen while it reloads
    }

    @Test func reload_fromEmpty_isLoading() {
        let empty = reduce(ThreadListPaging(), .pageLoaded(count: 0, next: nil))
        #expect(reduce(empty, .reload).phase == .loading)
    }

    @Test func reload_fromAnErrorWithNothingLoaded_isLoading() {
        let failed = reduce(ThreadListPaging(), .failed)
        #expect(reduce(failed, .reload).phase == .loading)
    }

    @Test func reload_fromAnErrorOverLoadedThreads_isReloading_fromTheFirstPage() {
        let failed = reduce(reduce(loaded(20, next: "page-2"), .loadMore), .failed)
        let next = reduce(failed, .reload)
        #expect(next.phase == .reloading)
        #expect(next.query.next == nil)
    }

    @Test func reloading_thenAPage_replacesWhatWasLoaded() {
        let reloading = reduce(reduce(reduce(loaded(20, next: "page-2"), .loadMore), .pageLoaded(count: 20, next: "page-3")), .reload)
        let next = reduce(reloading, .pageLoaded(count: 18, next: nil))
        #expect(next.phase == .loaded(hasMore: false))
        #expect(next.loadedCount == 18)
    }

    @Test func reloading_thenAnEmptyPage_isEmpty() {
        let next = reduce(reduce(loaded(20, next: "page-2"), .reload), .pageLoaded(count: 0, next: nil))
        #expect(next.phase == .empty)
        #expect(next.loadedCount == 0)
    }

    @Test func reloading_thenAFailure_isError() {
        #expect(reduce(reduce(loaded(20, next: "page-2"), .reload), .failed).phase == .error)
    }

    @Test(arguments: [ThreadListPhase.loading, .loadingMore, .reloading])
    func reload_whileARequestIsUnderway_doesNothing(phase: ThreadListPhase) {
        let state = ThreadListPaging(phase: phase, query: ThreadListQuery(next: "page-2"), loadedCount: 20)
        #expect(reduce(state, .reload) == state)
    }

    // MARK: - What nobody asked for

    @Test(arguments: [ThreadListPhase.empty, .error, .loaded(hasMore: true), .loaded(hasMore: false)])
    func aPageNobodyAskedFor_isIgnored(phase: ThreadListPhase) {
        let state = ThreadListPaging(phase: phase, query: ThreadListQuery(next: "page-2"), loadedCount: 20)
        #expect(reduce(state, .pageLoaded(count: 5, next: "page-9")) == state)
    }

    @Test(arguments: [ThreadListPhase.empty, .error, .loaded(hasMore: true)])
    func aFailureWhileIdle_isIgnored(phase: ThreadListPhase) {
        let state = ThreadListPaging(phase: phase, loadedCount: 20)
        #expect(reduce(state, .failed) == state)
    }

    @Test func theRestOfTheQuery_isKeptThroughTheCycle() {
        let custom = ThreadListPaging(query: ThreadListQuery(limit: 50, replyLimit: 1, participantLimit: 4, watch: false))
        let next = reduce(reduce(reduce(custom, .pageLoaded(count: 50, next: "page-2")), .loadMore), .pageLoaded(count: 3, next: nil))
        #expect(next.query == ThreadListQuery(limit: 50, replyLimit: 1, participantLimit: 4, next: nil, watch: false))
    }

    // MARK: - The phase a document names (`thread_list.state`)

    @Test func document_loadingWithNothing_isLoading() {
        #expect(ThreadListPaging.phase(.loading, threadCount: 0, next: nil) == .loading)
    }

    @Test func document_loadingOverThreads_isReloading() {
        #expect(ThreadListPaging.phase(.loading, threadCount: 3, next: nil) == .reloading)
    }

    @Test func document_loadedWithoutThreads_isEmpty() {
        #expect(ThreadListPaging.phase(.loaded, threadCount: 0, next: "page-2") == .empty)
    }

    @Test func document_loadedWithThreads_hasMoreExactlyWhenItGivesACursor() {
        #expect(ThreadListPaging.phase(.loaded, threadCount: 3, next: "page-2") == .loaded(hasMore: true))
        #expect(ThreadListPaging.phase(.loaded, threadCount: 3, next: nil) == .loaded(hasMore: false))
        #expect(ThreadListPaging.phase(.loaded, threadCount: 3, next: "") == .loaded(hasMore: false))
    }

    @Test(arguments: [0, 3])
    func document_errorLoadingMoreAndReloading_areThemselves(threadCount: Int) {
        #expect(ThreadListPaging.phase(.error, threadCount: threadCount, next: nil) == .error)
        #expect(ThreadListPaging.phase(.loadingMore, threadCount: threadCount, next: "page-2") == .loadingMore)
        #expect(ThreadListPaging.phase(.reloading, threadCount: threadCount, next: nil) == .reloading)
    }

    // MARK: - Helpers

    private func reduce(_ state: ThreadListPaging, _ action: ThreadListPaging.Action) -> ThreadListPaging {
        ThreadListPaging.reduce(state, action)
    }

    /// The state after a first page of `count` threads and the cursor `next`.
    private func loaded(_ count: Int, next: String?) -> ThreadListPaging {
        reduce(ThreadListPaging(), .pageLoaded(count: count, next: next))
    }
}
