import ChatLayoutICU
import ChatLayoutKit
import Testing

/// The thread view's boxes: the two-line header, the parent info and the reply
/// count between rules, the first-message presentation, and where a viewport opens.
@Suite struct ThreadViewLayoutTests {
    /// Leia's question with Han's and Chewie's replies, the date overlay on.
    private let thread = ConversationBuilder()
        .message("p1", by: "leia", at: 0, text: "Lunch at noon?") {
            $0.replyCount = 3
            $0.latestReactions = [Reaction(type: "love", userID: "han")]
            $0.reactionScores = [("love", 1)]
            $0.attachments = [Attachment(type: "image", title: "menu.jpg")]
        }
        .threadReply("r1", to: "p1", by: "han", at: 100, text: "Sure, where?")
        .threadReply("r2", to: "p1", by: "chewie", at: 400, text: "The usual place. I booked a table for four by the window.")
        .threadReply("r3", to: "p1", by: "han", at: 700, text: "See you there")

    /// A thread laid out again at another width is a fresh layout of it at that width, for
    /// both presentations of the parent.
    @Test func aRelayout_isAFreshLayoutAtThatWidth() throws {
        for presentation in [ThreadParentPresentation.infoHeader, .firstMessage] {
            let decisions = try thread.threadView { $0.parentPresentation = presentation }.resolveThread("p1")
            var list = ThreadViewLayout(metrics: Metrics(), measurer: ICUTextEngine()).layout(decisions, width: 40, dateIndicator: .overlay).list
            for width in [12, 77, 1, 40] {
                list = list.relayout(width: width)
                let fresh = ThreadViewLayout(metrics: Metrics(), measurer: ICUTextEngine()).layout(decisions, width: width, dateIndicator: .overlay).list
                #expect(RelayoutPropertyTests.difference(list, fresh) == nil, "\(presentation) at \(width)")
            }
        }
    }

    @Test func header_isThreadAboveTheChannelsName_twoTextLinesTall() throws {
        let screen = try thread.threadScreen("p1", width: 30)
        let header = try #require(screen.boxesWithRole(.channelHeader).first)
        #expect(header.frame == Frame(x: 0, y: 0, width: 30, height: 4))
        #expect(screen.boxesWithRole(.headerTitle).map(\.lines) == [["Thread"]])
        #expect(screen.boxesWithRole(.headerTitle).first?.frame.y == 1)
        #expect(screen.boxesWithRole(.headerSubtitle).map(\.lines) == [["General"]])
        #expect(screen.boxesWithRole(.headerSubtitle).first?.frame.y == 2)
        #expect(screen.drawnRows[1] == "│           Thread           │", "centred")
        #expect(screen.drawnRows[2].trimmingSpaces == "General")
    }

    /// A parent with no replies: Sendbird's parent info keeps its rule and hides its count and
    /// its second rule — the band has no words, its content the count 0, one rule on a terminal.
    @Test func infoHeader_ofAParentWithoutReplies_drawsTheRuleAlone() throws {
        let alone = ConversationBuilder().message("p1", by: "leia", at: 0, text: "Lunch at noon?")
        let screen = try alone.threadScreen("p1", width: 40)
        let band = try #require(screen.boxesWithRole(.replyCountSeparator).first)
        #expect(band.text == nil && band.content == .replyCount(0))
        #expect(band.lines == [String(repeating: "─", count: 38)] && band.placedLines.first?.x == 1)
        #expect(!screen.drawnRows.contains { $0.contains("replies") })
        // With a reply, the count between the rules.
        let answered = try alone.threadReply("r1", to: "p1", by: "han", at: 100, text: "Sure").threadScreen("p1", width: 40)
        #expect(answered.boxesWithRole(.replyCountSeparator).first?.text == "1 reply")
    }

    /// The counter as Stream's thread view draws it (`ChatThreadVC_Tests.test_defaultAppearance`):
    /// one band across the row with the count centred — on a terminal, rules on either side.
    @Test func infoHeader_drawsAuthorDateContentReactions_thenTheReplyCountAsOneBand() throws {
        let screen = try thread.threadScreen("p1", width: 40)
        let parent = try #require(screen.boxesWithRole(.parentMessage).first)
        #expect(parent.id == "p1")
        let parts = parent.children.map { "\($0.role.rawValue) \($0.lines.joined(separator: "/"))" }
        #expect(parts == ["avatar L", "authorName Leia", "timestamp Mar 05 10:00\u{00A0}AM", "gallery ",
                          "text Lunch at noon?", "reactions ❤️ 1"])
        // The image without its size is a gallery of one, its tile naming it.
        #expect(parent.children.first { $0.role == .gallery }?.children.map(\.lines) == [["menu.jpg"]])
        let separator = try #require(screen.boxesWithRole(.replyCountSeparator).first)
        #expect(separator.text == "3 replies")
        let rows = screen.drawnRows
        let label = try #require(rows.firstIndex { $0.contains("3 replies") })
        let sides = rows[label].components(separatedBy: " 3 replies ")
        #expect(sides.count == 2 && sides.allSatisfy { $0.trimmingSpaces.count >= 10 && $0.trimmingSpaces.allSatisfy { $0 == "─" } },
                "\(rows[label])")
        #expect(abs(sides[0].count - sides[1].count) <= 1, "centred: \(rows[label])")
        #expect(separator.frame.height == 1 && separator.frame.x == 0 && separator.frame.width == 40)
        #expect(!rows[label - 1].contains("─") && !rows[label + 1].contains("─"))
        let firstReply = try #require(screen.boxesWithRole(.messageRow).first)
        #expect(firstReply.id == "r1")
        #expect(parent.frame.maxY < separator.frame.y && separator.frame.maxY < firstReply.frame.y)
        #expect(screen.boxesWithRole(.threadInfo).isEmpty)
    }

    @Test func parentDate_wrapsOnANarrowScreen_keepingTheTimeWhole() throws {
        let screen = try thread.threadScreen("p1", width: 16)
        let date = try #require(screen.boxesWithRole(.timestamp).first { $0.id == "p1" })
        #expect(date.lines == ["Mar 05", "10:00\u{00A0}AM"])
    }

    @Test func firstMessage_layOutTheParentAsAMessage_withTheReplyCounterUnderIt() throws {
        let screen = try thread.threadView { $0.parentPresentation = .firstMessage }.threadScreen("p1")
        #expect(screen.boxesWithRole(.parentMessage).isEmpty)
        #expect(screen.boxesWithRole(.messageRow).map(\.id) == ["p1", "r1", "r2", "r3"])
        #expect(screen.boxesWithRole(.bubble).first?.id == "p1")
        // Stream's counter between the parent and the first reply, nothing overlapping.
        let parent = try #require(screen.boxesWithRole(.messageRow).first)
        let counter = try #require(screen.boxesWithRole(.replyCountSeparator).first)
        let firstReply = screen.boxesWithRole(.messageRow)[1]
        #expect(counter.text == "3 replies")
        #expect(parent.frame.maxY < counter.frame.y && counter.frame.maxY < firstReply.frame.y)
        let off = try thread.threadView { $0.parentPresentation = .firstMessage; $0.repliesCounterEnabled = false }.threadScreen("p1")
        #expect(off.boxesWithRole(.replyCountSeparator).isEmpty)
    }

    /// The counter is stacked in its place like any row: the rows under it stand lower by its
    /// height and the space above it, and the rows above it where they were.
    @Test func firstMessage_theReplyCounter_isStackedAsARow_movingOnlyTheRowsUnderIt() throws {
        let layout = ThreadViewLayout(metrics: Metrics(), measurer: ICUTextEngine())
        let with = layout.layout(try thread.threadView { $0.parentPresentation = .firstMessage }.resolveThread("p1"),
                                 width: 40, dateIndicator: .overlay).list
        let without = layout.layout(try thread.threadView { $0.parentPresentation = .firstMessage; $0.repliesCounterEnabled = false }
                                        .resolveThread("p1"), width: 40, dateIndicator: .overlay).list
        #expect(with.rowCount == without.rowCount + 1)
        let counter = try #require((0 ..< with.rowCount).first { with.rowRole(at: $0) == .replyCountSeparator })
        #expect(counter > 0 && with.rowRole(at: counter - 1) == .messageRow && with.row(at: counter - 1).id == "p1")
        let moved = with.rowFrame(at: counter).height + Metrics().groupSpacing
        #expect(with.rowFrame(at: counter).y == without.rowFrame(at: counter - 1).maxY + Metrics().groupSpacing)
        for index in 0 ..< without.rowCount {
            let frame = without.rowFrame(at: index)
            #expect(with.rowFrame(at: index < counter ? index : index + 1) == (index < counter ? frame : frame.offsetBy(dy: moved)))
        }
        #expect(with.contentHeight == without.contentHeight + moved)
    }

    // MARK: Opening a viewport

    private let height = 14

    @Test func openingAtTheBottom_showsTheLastReplyAtTheBottom() throws {
        let screen = try thread.threadScreen("p1", height: height)
        let last = try #require(screen.boxesWithRole(.messageRow).last)
        #expect(last.id == "r3")
        #expect(last.frame.maxY == height)
        #expect(screen.boxesWithRole(.scrollToLatestButton).isEmpty)
    }

    /// As the first message (Stream), the top is the parent's.
    @Test func openingAtTheTop_showsTheParentUnderTheOverlay() throws {
        let opened = thread.threadView { $0.startingPoint = .top; $0.parentPresentation = .firstMessage }
        let screen = try opened.threadScreen("p1", height: height, isScrolling: true)
        let parent = try #require(screen.boxesWithRole(.messageRow).first { $0.id == "p1" })
        #expect(parent.frame.y == 4 + 1, "under the header and the list's top gap")
        #expect(screen.boxesWithRole(.dateOverlay).first?.text == "Today")
        #expect(screen.boxesWithRole(.scrollToLatestButton).count == 1)
        // At rest the date is hidden, as Stream hides it until the list scrolls; the rows stay.
        let rest = try opened.threadScreen("p1", height: height)
        #expect(rest.boxesWithRole(.dateOverlay).isEmpty)
        #expect(rest.boxesWithRole(.messageRow).first { $0.id == "p1" }?.frame == parent.frame)
    }

    /// Under the parent info (Sendbird's table header), the top is the first reply's: the
    /// parent info scrolls above it, as `scrollTableView(to: 0)` puts row 0 at the top.
    @Test func openingAtTheTop_underTheParentInfo_showsTheFirstReplyAtTheTop() throws {
        let opened = thread.threadView { $0.startingPoint = .top }
        let layout = ThreadViewLayout(metrics: Metrics(), measurer: ICUTextEngine())
        let laidOut = layout.layout(try opened.resolveThread("p1"), width: 40, dateIndicator: .none)
        let firstReply = try #require((0 ..< laidOut.list.rowCount).first { laidOut.list.rowRole(at: $0) == .messageRow })
        #expect(laidOut.list.row(at: firstReply).id == "r1")
        #expect(laidOut.openingOffset(height: height) == laidOut.list.rowFrame(at: firstReply).y)
        let screen = try opened.config { $0.dateIndicatorPlacement = .none }.threadScreen("p1", height: height)
        #expect(screen.boxesWithRole(.parentMessage).isEmpty, "scrolled above")
        #expect(screen.boxesWithRole(.messageRow).first?.id == "r1")
        #expect(screen.boxesWithRole(.messageRow).first?.frame.y == 4, "right under the header")
    }

    /// Both SDKs scroll the starting point's reply to the middle (a table view's `.middle`):
    /// its centre at the centre of the list under the header, the overlay or not.
    @Test func openingAtATimestamp_putsThatReplyInTheMiddle() throws {
        for placement in [DateIndicatorPlacement.overlay, .none] {
            let screen = try thread.config { $0.dateIndicatorPlacement = placement }
                .threadView { $0.startingPoint = .timestamp(instant("2024-03-05T09:06:00Z")) }
                .threadScreen("p1", height: height, isScrolling: true)
            let reply = try #require(screen.boxesWithRole(.messageRow).first { $0.id == "r2" })
            let header = try #require(screen.boxesWithRole(.channelHeader).first)
            let space = height - header.frame.height
            #expect(reply.frame.height < space)
            #expect(reply.frame.y == header.frame.height + space / 2 - reply.frame.height / 2, "\(placement)")
        }
    }

    /// A reply taller than the list under the header opens with its top at the top.
    @Test func openingAtATimestamp_onAReplyTallerThanTheList_showsItsTop() throws {
        let screen = try thread.threadView { $0.startingPoint = .timestamp(instant("2024-03-05T09:06:00Z")) }
            .threadScreen("p1", height: 6)
        let reply = try #require(screen.boxesWithRole(.messageRow).first { $0.id == "r2" })
        let header = try #require(screen.boxesWithRole(.channelHeader).first)
        #expect(reply.frame.height >= 6 - header.frame.height)
        #expect(reply.frame.y == header.frame.height)
    }

    @Test func openingAtATimestampAfterEveryReply_isTheBottom() throws {
        let late = try thread.threadView { $0.startingPoint = .timestamp(instant("2024-03-06T00:00:00Z")) }
            .threadScreen("p1", height: height)
        #expect(late == (try thread.threadScreen("p1", height: height)))
    }

    @Test func anExplicitScrollOffset_winsOverTheStartingPoint() throws {
        let top = try thread.threadView { $0.parentPresentation = .firstMessage }.threadScreen("p1", height: height, scrollOffset: 0)
        #expect(top == (try thread.threadView { $0.startingPoint = .top; $0.parentPresentation = .firstMessage }.threadScreen("p1", height: height)))
        #expect(top != (try thread.threadView { $0.parentPresentation = .firstMessage }.threadScreen("p1", height: height)))
    }

    @Test func aShortThread_withParentInfo_sitsUnderTheHeader() throws {
        let screen = try thread.threadScreen("p1", height: 60)
        #expect(screen.boxesWithRole(.parentMessage).first?.frame.y == 4 + 1)
        #expect(screen.boxesWithRole(.scrollToLatestButton).isEmpty)
    }

    @Test func aShortThread_withTheParentAsFirstMessage_sitsAtTheBottom() throws {
        let screen = try thread.threadView { $0.parentPresentation = .firstMessage }.threadScreen("p1", height: 60)
        #expect(screen.boxesWithRole(.messageRow).last?.frame.maxY == 60)
        #expect(try #require(screen.boxesWithRole(.messageRow).first).frame.y > 4 + 1)
    }

    @Test func everyBox_keepsInsideTheScreen_atEveryWidth() throws {
        for width in 1 ... 60 {
            let screen = try thread.threadScreen("p1", width: width)
            screen.root.walk { box, _ in
                #expect(screen.root.frame.contains(box.frame), "width \(width): \(box.role) \(box.frame)")
            }
            #expect(screen.drawnRows.count == screen.height)
        }
    }
}

private extension String {
    /// Without the spaces and the frame's side bars at either end.
    var trimmingSpaces: String {
        var trimmed = Substring(self)
        while let first = trimmed.first, first == " " || first == "│" { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last == " " || last == "│" { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
