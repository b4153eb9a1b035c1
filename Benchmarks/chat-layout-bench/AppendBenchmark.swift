import ChatLayoutKit

/// `append_us` (a goal of BENCHMARKS.md): appending one message at the bottom of a laid-out list through
/// `IncrementalMessageList`, at several list lengths, and `edit_us`: a reaction added to a
/// message anywhere in the list. Medians of single changes, each timed alone.
struct AppendBenchmark {
    var conversation: Conversation
    var config: MessageListConfig
    var context: LayoutContext
    var formatter: any LocaleFormatting
    var measurer: any TextMeasuring
    var width: Int
    /// Whether the list appended to is made on all cores (the library's default).
    var laysOutOnAllCores = true
    /// Each append's diff kept until the next append is made (as a front end that holds the
    /// last diff would): its rows read from the list's storage, which the next append then
    /// copies before writing (`CHAT_LAYOUT_BENCH_KEEP_DIFF=1`).
    var keepsLastDiff = false

    /// What one list length gave.
    struct Figures {
        var messages: Int
        var buildMilliseconds: Double
        var appendMicroseconds: Double
        var editMicroseconds: Double
        var jumpMicroseconds: Double
        /// The appends' median by the kind of message appended (`Kind`), most first: the
        /// median of all sits where the kinds' times mix.
        var appendByKind: [(kind: Kind, count: Int, median: Double)] = []
        /// The kind of each message appended, in order, the warm-up's first.
        var appendedKinds: [Kind] = []
        /// The page faults the timed appends took, per append (`append_faults`): pages touched
        /// for the first time as the list grows into new memory, each some microseconds of the
        /// kernel's. Read once before the first timed append and once after the last (the
        /// reading of each diff's rows between them counted too): no system call between two
        /// appends.
        var appendFaults: Double = .nan

        /// `append_faults=…`.
        var faultFigures: [String] {
            ["append_faults=\(String(format: "%.3f", appendFaults))"]
        }

        /// `append_us_<kind>=median,count` for each kind.
        var kindFigures: [String] {
            appendByKind.map { "append_us_\($0.kind.rawValue)=\(String(format: "%.3f", $0.median)),\($0.count)" }
        }
    }

    /// What a new message holds, for the medians by kind (the first that applies, in this
    /// order).
    enum Kind: String, CaseIterable {
        case quote, attachment, reactions
        /// Its text has a code point of the right-to-left blocks (Hebrew to Arabic Extended-A,
        /// their presentation forms): its lines take the bidi path.
        case rtl
        /// Text alone, up to 40 bytes / longer.
        case plainShort = "plain-short", plainLong = "plain-long"
        case noText = "no-text"

        init(_ message: Message) {
            if message.quotedMessage != nil {
                self = .quote
            } else if !message.attachments.isEmpty {
                self = .attachment
            } else if !message.latestReactions.isEmpty {
                self = .reactions
            } else if message.text.isEmpty {
                self = .noText
            } else if message.text.unicodeScalars.contains(where: { Self.isRightToLeftBlock($0.value) }) {
                self = .rtl
            } else {
                self = message.text.utf8.count <= 40 ? .plainShort : .plainLong
            }
        }

        /// Hebrew to Arabic Extended-A, and the Hebrew and Arabic presentation forms.
        private static func isRightToLeftBlock(_ value: UInt32) -> Bool {
            (0x0590 ... 0x08FF).contains(value) || (0xFB1D ... 0xFDFF).contains(value) || (0xFE70 ... 0xFEFF).contains(value)
        }
    }

    /// Builds a list of `messages`, then appends `appends` new messages (the first `warmUp`
    /// untimed) and adds a reaction to `edits` messages picked at random. The new messages'
    /// ids and texts carry `arrivals` (see `arrivals(after:count:idPrefix:)`): each run of a
    /// process gives its own, so no run's texts are in the measurement cache already — an
    /// earlier run's appends, made from the same messages, would otherwise be measured by then.
    /// The lists of other lengths take ``arrivalWord(forList:)``'s.
    func run(_ messages: [Message], appends: Int = 2000, warmUp: Int = 200, edits: Int = 500,
             arrivals: String = "appended", only: Kind? = nil) throws -> Figures {
        var base = conversation
        base.messages = messages
        let clock = ContinuousClock()
        let buildStart = clock.now
        var environment = try LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: measurer)
        environment.laysOutOnAllCores = laysOutOnAllCores
        var list = try IncrementalMessageList(conversation: base, environment: environment, width: width)
        let build = Self.microseconds(clock.now - buildStart) / 1e3
        let jump = Self.jumpMicroseconds(list, messages)
        var appendTimes: [Double] = []
        var timesByKind: [Kind: [Double]] = [:]
        var appendedKinds: [Kind] = []
        // The page faults of the timed appends, read around them all (`appendFaults`): first
        // before the first of them (none is timed without it being read).
        var faultsBefore = 0
        var lastDiff: MessageListDiff?
        for (index, message) in Self.arrivals(after: messages, count: warmUp + appends, idPrefix: arrivals, only: only).enumerated() {
            appendedKinds.append(Kind(message))
            if index == warmUp { faultsBefore = Measuring.minorPageFaults() }
            let start = clock.now
            let diff = try Self.appendOne(message, to: &list)
            let elapsed = clock.now - start
            if index >= warmUp {
                appendTimes.append(Self.microseconds(elapsed))
                timesByKind[Kind(message), default: []].append(Self.microseconds(elapsed))
            }
            withExtendedLifetime(Self.readRows(diff)) {}
            if keepsLastDiff { lastDiff = diff }
        }
        withExtendedLifetime(lastDiff) {}
        let faults = Measuring.minorPageFaults() - faultsBefore
        var random = SeededGenerator(seed: 6)
        var editTimes: [Double] = []
        for index in 0 ..< edits {
            var message = messages[Int.random(in: 0 ..< messages.count, using: &random)]
            message.latestReactions.append(Reaction(type: "love", userID: "bench"))
            let start = clock.now
            let diff = try Self.editOne(message, in: &list, index: index)
            editTimes.append(Self.microseconds(clock.now - start))
            withExtendedLifetime(Self.readRows(diff)) {}
        }
        let byKind = timesByKind.map { (kind: $0.key, count: $0.value.count, median: Measuring.median($0.value)) }
            .sorted { ($0.count, $0.kind.rawValue) > ($1.count, $1.kind.rawValue) }
        return Figures(messages: messages.count, buildMilliseconds: build, appendMicroseconds: Measuring.median(appendTimes),
                       editMicroseconds: editTimes.isEmpty ? .nan : Measuring.median(editTimes), jumpMicroseconds: jump,
                       appendByKind: byKind, appendedKinds: appendedKinds,
                       appendFaults: appendTimes.isEmpty ? .nan : Double(faults) / Double(appendTimes.count))
    }

    /// `stream_us_<length>`: a reply streamed into a list of the document's last thousand
    /// messages — appended, then edited token by token (four characters), as an AI chat
    /// streams an answer — the median time of the hundred tokens that bring it to each of
    /// `lengths` characters. The reply is the document's ASCII texts run together, a paragraph
    /// break every 400 characters or so (an answer in English).
    func streamMicroseconds(_ messages: [Message], lengths: [Int]) throws -> [Int: Double] {
        var base = conversation
        base.messages = Array(messages.suffix(1000))
        var list = try IncrementalMessageList(conversation: base, environment:
                try LayoutEnvironment(config: config, context: context, formatter: formatter, measurer: measurer), width: width)
        let longest = lengths.max() ?? 0
        var whole = ""
        var paragraph = 0
        for message in messages where !message.text.isEmpty && message.text.unicodeScalars.allSatisfy({ $0.isASCII && $0 != "\n" }) {
            whole += message.text
            paragraph += message.text.count
            if paragraph > 400 {
                whole += "\n\n"
                paragraph = 0
            } else {
                whole += " "
            }
            if whole.count > longest + 8 { break }
        }
        let characters = Array(whole)
        guard characters.count >= longest, var reply = Self.arrivals(after: base.messages, count: 1, idPrefix: "stream").first else {
            return [:]
        }
        reply.text = ""
        _ = try list.apply(.append(reply))
        let clock = ContinuousClock()
        var times: [Double] = []
        var count = 0
        while count < longest {
            let next = min(longest, count + 4)
            reply.text += String(characters[count ..< next])
            count = next
            let start = clock.now
            let diff = try list.apply(.edit(reply))
            times.append(Self.microseconds(clock.now - start))
            withExtendedLifetime(Self.readRows(diff)) {}
        }
        var figures: [Int: Double] = [:]
        for length in lengths {
            let end = (length + 3) / 4 // the token that brings the reply to `length`
            figures[length] = Measuring.median(Array(times[max(0, end - 100) ..< end]))
        }
        return figures
    }

    /// A jump to a random message of the laid-out list (`scrollOffset(showing:at:height:)`,
    /// centred in a 40-row viewport): batches of a thousand, the median of the batch means
    /// (one query is too short for the clock).
    static func jumpMicroseconds(_ list: IncrementalMessageList, _ messages: [Message]) -> Double {
        var random = SeededGenerator(seed: 7)
        var found = 0
        let batch = 1000
        let median = Measuring.median((0 ..< 101).map { _ in
            let ids = (0 ..< batch).map { _ in messages[Int.random(in: 0 ..< messages.count, using: &random)].id }
            return Measuring.milliseconds {
                for id in ids where list.scrollOffset(showing: id, at: .center, height: 40) != nil { found += 1 }
            } * 1e3 / Double(batch)
        })
        precondition(found > 0, "jumps find the list's messages")
        return median
    }

    /// One append of `run`, not inlined: callgrind counts the appends apart from the edits
    /// (`appendOne`, `editOne`; `apply` counts both).
    @inline(never) static func appendOne(_ message: Message, to list: inout IncrementalMessageList) throws -> MessageListDiff {
        try list.apply(.append(message))
    }

    /// One edit of `run`, not inlined (see `appendOne`); the edit's index keeps the two
    /// functions apart (the optimiser merges functions that differ only in a constant).
    @inline(never) static func editOne(_ message: Message, in list: inout IncrementalMessageList, index: Int) throws -> MessageListDiff {
        precondition(index >= 0)
        return try list.apply(.edit(message))
    }

    /// What a front end does with a change, after it (untimed, counted apart by callgrind as
    /// `readRows`): reads the box of every row the diff reports, to draw it.
    @inline(never) static func readRows(_ diff: MessageListDiff) -> Int {
        var parts = 0
        for item in diff.inserted { parts &+= item.row.children.count }
        for item in diff.updated { parts &+= item.row.children.count }
        return parts
    }

    /// For scale: the median time of the whole pipeline (`MessageListResolver` +
    /// `MessageListLayout`) on a conversation of one new message, `count` times — what laying
    /// out one message costs, header included, without any list around it.
    func oneMessageMicroseconds(after messages: [Message], count: Int = 2000) -> Double {
        let resolver = MessageListResolver(try! LayoutEnvironment(config: config, context: context, formatter: formatter,
                                                                 measurer: measurer))
        let layout = MessageListLayout(metrics: .cells(for: config), measurer: measurer)
        let clock = ContinuousClock()
        var alone = conversation
        return Measuring.median(Self.arrivals(after: messages, count: count, idPrefix: "alone").map { message in
            alone.messages = [message]
            let start = clock.now
            let laidOut = layout.layout(resolver.resolve(alone), width: width, dateIndicator: config.dateIndicatorPlacement)
            let elapsed = clock.now - start
            withExtendedLifetime(laidOut) {}
            return Self.microseconds(elapsed)
        })
    }

    /// The document's messages repeated up to `count`, each repetition after the previous one
    /// in time (shifted by the document's span and a day), with new ids.
    static func repeated(_ messages: [Message], count: Int) -> [Message] {
        guard let first = messages.first?.createdAt, let last = messages.last?.createdAt, count > messages.count else {
            return Array(messages.prefix(count))
        }
        let span = last.seconds - first.seconds + 86_400
        return (0 ..< count).map { index in
            let round = index / messages.count
            var message = messages[index % messages.count]
            guard round > 0 else { return message }
            message.id += "~\(round)"
            message.createdAt = Timestamp(seconds: message.createdAt.seconds + Int64(round) * span, nanoseconds: message.createdAt.nanoseconds)
            return message
        }
    }

    /// The word the arrivals of the `position`th list of another length carry (the document's
    /// list's carry "appended"): eight ASCII letters like that one, so that every list is
    /// appended texts of the same length and line-break classes, and a word of its own, so that
    /// none of them is in the measurement cache already. (Such lists carried "appended-10000"
    /// and "appended-1000000": a hyphen and digits take other break rules, and their appends
    /// counted 7 % more instructions than the document's list's.)
    static func arrivalWord(forList position: Int) -> String {
        "arrival" + String(UnicodeScalar(UInt8(ascii: "a") + UInt8(position % 26)))
    }

    /// New messages after the newest of `messages`: copies of them in turn, with the document's
    /// own gaps between messages, new ids and texts no list has measured yet (a number added).
    static func arrivals(after messages: [Message], count: Int, idPrefix: String = "appended", only: Kind? = nil) -> [Message] {
        guard let only else { return arrivals(after: messages, count: count, idPrefix: idPrefix) }
        // Those of one kind among the first arrivals (each kind is at least a fiftieth of them),
        // at the times of the first `count` of all: as far apart as the arrivals of every kind
        // (kept at their own times, they would be days apart, each under a date separator).
        let all = arrivals(after: messages, count: 50 * count, idPrefix: idPrefix)
        var kept = all.filter { Kind($0) == only }
        precondition(kept.count >= count, "fewer than \(count) new messages of the kind \(only.rawValue)")
        kept.removeSubrange(count...)
        for index in kept.indices { kept[index].createdAt = all[index].createdAt }
        return kept
    }

    private static func arrivals(after messages: [Message], count: Int, idPrefix: String) -> [Message] {
        guard var time = messages.last?.createdAt else { return [] }
        return (0 ..< count).map { index in
            let source = index % max(1, messages.count - 1)
            var message = messages[source]
            let gap = max(0, messages[source + 1].createdAt.seconds - messages[source].createdAt.seconds)
            time = Timestamp(seconds: time.seconds + gap, nanoseconds: time.nanoseconds)
            message.id = "\(idPrefix)-\(index)"
            message.createdAt = time
            if !message.text.isEmpty { message.text += " (\(idPrefix) \(index))" }
            return message
        }
    }

    private static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}
