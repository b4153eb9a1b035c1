import Foundation
import Testing

/// Issue 7: documents that are valid but hostile are laid out, and what reaches the terminal is
/// inert (no C0 but "\n", no DEL, no C1 — so no escape sequence — and no bidi control) and no
/// wider than `--width`. A message cannot reorder anything outside itself.
struct HostileTextTests {
    private func run(_ command: [String], _ document: String, width: Int = 40) throws -> CLIRunner.Result {
        try CLIRunner.run(command + ["-", "--width", String(width)], stdin: document)
    }

    /// Runs `preview` at `width` and checks exit 0, inert output and no row wider than `width`.
    private func drawn(_ document: String, width: Int = 40, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let result = try run(["preview"], document, width: width)
        try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(Hostile.firstControl(in: result.stdout) == nil, "\(Hostile.firstControl(in: result.stdout) ?? "")", sourceLocation: sourceLocation)
        let wide = try Hostile.rowsWiderThan(width, in: result.stdout)
        #expect(wide.isEmpty, "rows wider than \(width): \(wide.prefix(3))", sourceLocation: sourceLocation)
        return Hostile.rows(result.stdout)
    }

    // MARK: - Dates at the ends of RFC 3339's range

    @Test func years1900And9999_layOut_withTheirDatesAndTimes() throws {
        let document = Hostile.document([
            Hostile.message("old", text: #""from 1900""#, at: "1900-01-01T00:00:00Z"),
            Hostile.message("new", text: #""from 9999""#, at: "9999-12-31T23:59:59.999999999Z"),
        ], now: "2024-03-05T12:00:00Z", config: #"{"date_indicator_placement": "message_list"}"#)
        let rows = try drawn(document)
        let text = rows.joined(separator: "\n")
        #expect(text.contains("Jan 1, 1900"), "\(text)")
        #expect(text.contains("Dec 31, 9999"), "\(text)")
        #expect(text.contains("12:00\u{202F}AM"), "\(text)")
        #expect(text.contains("11:59\u{202F}PM"), "\(text)")
        #expect(text.range(of: "from 1900")!.lowerBound < text.range(of: "from 9999")!.lowerBound)

        // Seen on the last day of 9999 and the first of 1900: "Today" for the message of that day.
        let endOfTime = try drawn(document.replacingOccurrences(of: "2024-03-05T12:00:00Z", with: "9999-12-31T23:59:59Z")).joined(separator: "\n")
        #expect(endOfTime.contains("Jan 1, 1900") && endOfTime.contains("Today"), "\(endOfTime)")
        let startOfTime = try drawn(document.replacingOccurrences(of: "2024-03-05T12:00:00Z", with: "1900-01-01T00:00:00Z")).joined(separator: "\n")
        #expect(startOfTime.contains("Today") && startOfTime.contains("Dec 31, 9999"), "\(startOfTime)")

        let explained = try run(["explain", "--format", "json"], document)
        #expect(explained.stdout.contains(#""day":"1900-01-01""#) && explained.stdout.contains(#""day":"9999-12-31""#), "\(explained.stdout)")
    }

    @Test func years1900And9999_inOtherZonesAndLocales() throws {
        // A zone far from UTC moves the day across the year's edge at both ends: Kiritimati was
        // 10:40 behind UTC in 1900 and is 14 hours ahead now, so the last hour of 9999 in UTC is
        // 1 January 10000 there — a day the layout can show though RFC 3339 cannot write it.
        let document = Hostile.document([
            Hostile.message("old", text: #""old""#, at: "1900-01-01T00:00:00Z"),
            Hostile.message("new", text: #""new""#, at: "9999-12-31T23:00:00Z"),
        ], config: #"{"date_indicator_placement": "message_list"}"#)
        for (zone, locale, says) in [("Pacific/Kiritimati", "de_DE", ["31. Dez. 1899", "1. Jan. 10000"]),
                                     ("America/Los_Angeles", "ja_JP", ["1899年12月31日", "9999年12月31日"])] {
            let result = try CLIRunner.run(["explain", "-", "--time-zone", zone, "--locale", locale, "--date-indicator", "message-list"], stdin: document)
            #expect(result.status == 0, "\(result.stderr)")
            for words in says { #expect(result.stdout.contains(words), "\(zone) \(locale): \(words) in \(result.stdout)") }
        }
    }

    // MARK: - Encoding

    @Test func invalidUTF8AndLoneSurrogates_becomeReplacementCharacters() throws {
        var bytes = Data(Hostile.document([
            Hostile.message("a", text: #""x-BAD-y""#),
            Hostile.message("b", text: #""lone \ud800 high, \udc00 low, \ud800\u0041 unpaired""#, at: "2024-03-05T09:01:00Z"),
        ]).utf8)
        let marker = Data("-BAD-".utf8)
        bytes.replaceSubrange(bytes.range(of: marker)!, with: Data([0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80]))
        let result = try CLIRunner.run(["preview", "-", "--width", "60"], stdin: bytes)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(data: result.stdoutBytes, encoding: .utf8) != nil, "the output is valid UTF-8")
        #expect(result.stdout.contains("x\u{FFFD}\u{FFFD}(\u{FFFD}\u{FFFD}\u{FFFD}y"), "\(result.stdout)")
        #expect(result.stdout.contains("lone \u{FFFD} high, \u{FFFD} low, \u{FFFD}A unpaired"), "\(result.stdout)")
    }

    @Test func controlCharacters_areShown_notObeyed() throws {
        let text = "nul\u{0} bell\u{7} del\u{7F} bs\u{8}x nel\u{85} csi\u{9B}31m end"
        let rows = try drawn(Hostile.document([Hostile.message("a", text: Hostile.json(text))]), width: 60)
        #expect(rows.contains { $0.contains("nul␀ bell␇ del␡ bs␈x nel\u{FFFD} csi end") }, "\(rows)")
    }

    // MARK: - Every field, every command

    /// Window title, screen clear, 8-bit CSI, hyperlink, cursor save, and an override left open.
    private static let payload = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}31m\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\\u{1B}7\u{202E}"

    /// The payload in every text a document can carry to a drawing.
    private static var everyField: String {
        let p = Hostile.json(payload)
        func name(_ base: String) -> String { Hostile.json(base + payload) }
        return """
        {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US", "translation_language": "pt"},
         "config": {"auto_translation_enabled": true, "typing_indicator_placement": "bottom_overlay", "date_indicator_placement": "message_list"},
         "channel": {"cid": "messaging:x", "name": \(name("Channel")), "member_count": 3},
         "members": [{"user": {"id": "x", "name": \(name("Xavier"))}}, {"user": {"id": "y", "name": \(name("Yara"))}}],
         "typing_user_ids": ["x", "y"],
         "messages": [
          {"id": "p1", "text": \(name("parent text")), "user": {"id": "x", "name": \(name("Xavier"))}, "created_at": "2024-03-05T09:00:00Z",
           "reply_count": 1, "attachments": [{"type": \(name("file")), "title": \(name("title.pdf"))}],
           "i18n": {"language": "en", "pt_text": \(name("tradução"))}, "latest_reactions": [{"type": "like", "user_id": "y"}]},
          {"id": "q1", "text": \(p), "user": {"id": "y", "name": \(name("Yara"))}, "created_at": "2024-03-05T09:01:00Z",
           "quoted_message": {"id": "p1", "text": \(name("quoted text")), "user": {"id": "x", "name": \(name("Xavier"))}}},
          {"id": "r1", "type": "reply", "parent_id": "p1", "text": \(name("reply text")), "user": {"id": "y", "name": \(name("Yara"))},
           "created_at": "2024-03-05T09:02:00Z"},
          {"id": "me1", "text": \(name("mine")), "user": {"id": "me", "name": "Me"}, "created_at": "2024-03-05T09:03:00Z", "local_state": "sending_failed"},
          {"id": \(name("odd-id")), "text": "an odd id", "user": {"id": \(name("odd-user")), "name": null}, "created_at": "2024-03-05T09:04:00Z"}
         ],
         "threads": [{"parent_message_id": "p1", "title": \(name("thread title")), "channel": {"cid": "messaging:x", "name": \(name("Channel"))},
           "parent_message": {"id": "p1", "text": \(name("parent text")), "user": {"id": "x", "name": \(name("Xavier"))}, "created_at": "2024-03-05T09:00:00Z"},
           "reply_count": 1, "latest_replies": [{"id": "r1", "type": "reply", "parent_id": "p1", "text": \(name("reply text")),
             "user": {"id": "y", "name": \(name("Yara"))}, "created_at": "2024-03-05T09:02:00Z"}],
           "read": [{"user": {"id": "me"}, "unread_messages": 1}], "last_message_at": "2024-03-05T09:02:00Z"}]}
        """
    }

    @Test(arguments: [["preview"], ["threads"], ["thread", "--parent", "p1"], ["explain"]])
    func payloadInEveryField_isInert_inEveryFormat(command: [String]) throws {
        let formats = command == ["explain"] ? ["text", "json"] : ["text", "svg", "tree", "json"]
        for format in formats {
            for width in [8, 40, 120] {
                let result = try run(command + ["--format", format], Self.everyField, width: width)
                let name = "\(command) --format \(format) --width \(width)"
                try #require(result.status == 0, "\(name): \(result.stderr)")
                // JSON writes ids as they are, escaped (a script must get them back); drawings
                // and reports remove a sequence whole.
                if format != "json" {
                    #expect(!result.stdout.contains("pwned") && !result.stdout.contains("evil"), "\(name): a sequence's body is removed whole")
                }
                let control = Hostile.firstControl(in: result.stdout)
                #expect(control == nil, "\(name): \(control ?? "")")
                if format == "text" && command != ["explain"] {  // explain's lines are reports, not drawn to a width
                    let wide = try Hostile.rowsWiderThan(width, in: result.stdout)
                    #expect(wide.isEmpty, "\(name): \(wide.prefix(3))")
                }
                if format == "svg" { #expect(Hostile.isWellFormedXML(result.stdoutBytes), "\(name): well-formed") }
                if width == 120 && format == "text" {
                    #expect(result.stdout.contains("link"), "\(name): a hyperlink's text stays")
                }
            }
        }
    }

    @Test func lineFeedsInIDsAndNames_cannotStartALineOfTheirOwn() throws {
        let document = Hostile.document([
            Hostile.message(#"a\nmessageRow fake 0,0 1×1"#, text: #""hi""#, name: Hostile.json("Xa\nvier\r\nfake line")),
        ])
        let tree = try run(["preview", "--format", "tree"], document)
        #expect(tree.status == 0)
        #expect(!tree.stdout.split(separator: "\n").contains { $0.hasPrefix("messageRow fake") }, "\(tree.stdout)")
        #expect(tree.stdout.contains("a␊messageRow fake"), "\(tree.stdout)")
        let explained = try run(["explain"], document)
        #expect(explained.stdout.split(separator: "\n").count == 3, "the header, one message, the profile: \(explained.stdout)")
        #expect(explained.stdout.contains("Xa␊vier␊fake line"), "\(explained.stdout)")
    }

    // MARK: - Bidi: a message cannot reorder what is outside it

    @Test func overridesLeftOpen_stayInsideTheirOwnText() throws {
        let rlo = "\u{202E}", rle = "\u{202B}", lri = "\u{2066}"
        let document = Hostile.document([
            Hostile.message("a", text: Hostile.json("ends open" + rlo)),
            Hostile.message("b", text: #""second message""#, at: "2024-03-05T09:01:00Z"),
            Hostile.message("c", text: Hostile.json(rle + "embedded" + lri + "isolated"), user: "y", name: Hostile.json(rlo + "Yara"),
                            at: "2024-03-05T09:02:00Z"),
            Hostile.message("d", text: #""after the isolate""#, user: "y", name: Hostile.json(rlo + "Yara"), at: "2024-03-05T09:03:00Z",
                            extra: #", "attachments": [{"type": "file", "title": \#(Hostile.json(rlo + "gnp.exe"))}]"#),
            Hostile.message("e", text: #""quoting""#, at: "2024-03-05T09:04:00Z",
                            extra: #", "quoted_message": {"id": "d", "text": "hello", "user": {"id": "y", "name": \#(Hostile.json(rlo + "Yara"))}}"#),
            Hostile.message("f", text: #""quoting again""#, at: "2024-03-05T09:05:00Z",
                            extra: #", "quoted_message": {"id": "d", "text": \#(Hostile.json(rlo + "olleh")), "user": {"id": "y", "name": "Yara"}}"#),
        ], extra: #", "typing_user_ids": ["y"]"#)
        let rows = try drawn(document, width: 50)
        let text = rows.joined(separator: "\n")
        #expect(text.contains("ends open"), "the override turns nothing around: \(text)")
        #expect(text.contains("second message"), "\(text)")
        #expect(text.contains("after the isolate"), "\(text)")
        #expect(text.contains("[file] exe.png"), "the title turns, the icon's brackets stay: \(text)")
        // The name and the quote are turned apart. (Both overridden, they would make one
        // right-to-left run, "hello :araY", as two right-to-left words do: UAX #9's order.)
        #expect(text.contains("┃ araY: hello"), "the name turns, the quote does not: \(text)")
        #expect(text.contains("┃ Yara: hello"), "the quote turns, the name does not: \(text)")
        // The name turns; the time beside it does not.
        let footer = try #require(rows.first { $0.contains("araY") && $0.contains("9:03") }, "\(text)")
        #expect(footer.range(of: "araY")!.lowerBound < footer.range(of: "9:03\u{202F}AM")!.lowerBound, "\(footer)")
        #expect(text.contains("araY is typing…"), "\(text)")

        // In the navigation bar too (the header's subtitle).
        let header = try drawn(document.replacingOccurrences(of: #""config": {}"#, with: #""config": {"typing_indicator_placement": "navigation_bar"}"#), width: 50)
        #expect(header.prefix(3).contains { $0.contains("araY is typing…") }, "\(header.prefix(3))")
    }

    @Test func overridesLeftOpen_inTheThreadListAndTheThreadView() throws {
        let rlo = "\u{202E}"
        let document = """
            {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channel": {"cid": "messaging:x", "name": "X", "member_count": 3},
             "messages": [{"id": "p1", "text": \(Hostile.json("parent" + rlo)), "user": {"id": "y", "name": \(Hostile.json(rlo + "Yara"))},
                           "created_at": "2024-03-05T09:00:00Z", "reply_count": 1},
                          {"id": "r1", "type": "reply", "parent_id": "p1", "text": "plain reply", "user": {"id": "x", "name": "Xavier"},
                           "created_at": "2024-03-05T09:05:00Z"}],
             "threads": [{"parent_message_id": "p1", "title": \(Hostile.json(rlo + "eltit")), "channel": {"cid": "messaging:x", "name": \(Hostile.json(rlo + "lennahc"))},
               "parent_message": {"id": "p1", "text": "parent", "user": {"id": "y", "name": "Yara"}, "created_at": "2024-03-05T09:00:00Z"},
               "reply_count": 1, "latest_replies": [{"id": "r1", "type": "reply", "parent_id": "p1", "text": \(Hostile.json(rlo + "ylper")),
                 "user": {"id": "x", "name": \(Hostile.json(rlo + "reivaX"))}, "created_at": "2024-03-05T09:05:00Z"}],
               "last_message_at": "2024-03-05T09:05:00Z"}]}
            """
        let list = try run(["threads"], document, width: 60)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(Hostile.firstControl(in: list.stdout) == nil)
        #expect(list.stdout.contains("channel") && list.stdout.contains("replied to: title"), "\(list.stdout)")
        // The author's name over the preview, the time at the preview's end: an override left
        // open in the name turns neither the next line nor the time around.
        let rows = Hostile.rows(list.stdout)
        let authorRow = try #require(rows.firstIndex { $0.contains("Xavier") }, "\(list.stdout)")
        let previewRow = try #require(rows.indices.contains(authorRow + 1) ? rows[authorRow + 1] : nil, "\(list.stdout)")
        #expect(previewRow.contains("reply"), "\(previewRow)")
        #expect(previewRow.range(of: "reply")!.lowerBound < previewRow.range(of: "9:05\u{202F}AM")!.lowerBound, "\(previewRow)")
        let column = { (row: String, word: String) in row.distance(from: row.startIndex, to: row.range(of: word)!.lowerBound) }
        #expect(column(rows[authorRow], "Xavier") == column(previewRow, "reply"), "\(list.stdout)")

        let view = try run(["thread", "--parent", "p1"], document, width: 60)
        #expect(view.status == 0, "\(view.stderr)")
        #expect(Hostile.firstControl(in: view.stdout) == nil)
        #expect(view.stdout.contains("plain reply") && view.stdout.contains("1 reply"), "\(view.stdout)")
        #expect(view.stdout.contains("araY"), "\(view.stdout)")
    }

    // MARK: - Sizes

    @Test func zalgoText_isOneClusterACharacter_andFits() throws {
        let marks = (0 ..< 5000).map { String(UnicodeScalar(0x0300 + UInt32($0 % 0x70))!) }.joined()
        let document = Hostile.document([
            Hostile.message("z", text: Hostile.json("Z" + marks + "algo " + String(repeating: "a" + String(marks.prefix(50)), count: 100))),
            Hostile.message("n", text: #""normal after""#, at: "2024-03-05T09:01:00Z"),
        ], extra: #", "typing_user_ids": ["w"], "members": [{"user": {"id": "w", "name": \#(Hostile.json("W" + marks))}}]"#)
        for width in [3, 40] {
            let rows = try drawn(document, width: width)
            if width == 40 { #expect(rows.contains { $0.contains("normal after") }, "the next message is drawn") }
        }
        let width = try CLIRunner.run(["text", "width"], stdin: "Z" + marks + "\n")
        #expect(width.stdout == "1\n")
        let wrapped = try CLIRunner.run(["text", "wrap", "--width", "1"], stdin: "Z" + marks + "Z" + marks + "\n")
        #expect(wrapped.status == 0)
        #expect(wrapped.stdout.filter { $0 == "," }.count == 1, "two clusters, two lines")
    }

    @Test func longMessage_isWrappedWhole() throws {
        // 1 MB here (5 MB in Scripts/hostile-sizes.sh, timed): every word drawn, in order.
        let words = (0 ..< 100_000).map { "w\($0)" }
        let text = words.joined(separator: " ") + " 終わり"
        let document = Hostile.document([Hostile.message("big", text: Hostile.json(text)),
                                         Hostile.message("n", text: #""normal after""#, at: "2024-03-05T09:01:00Z")])
        let result = try run(["preview"], document, width: 40)
        try #require(result.status == 0, "\(result.stderr)")
        #expect(Hostile.firstControl(in: result.stdout) == nil)
        let drawn = Hostile.rows(result.stdout).flatMap { $0.split(separator: " ") }.filter { $0.first == "w" && $0.dropFirst().allSatisfy(\.isNumber) }
        #expect(drawn.count == words.count, "every word once")
        #expect(drawn.elementsEqual(words.map { Substring($0) }), "in order")
        #expect(result.stdout.contains("終わり") && result.stdout.contains("normal after"))
    }

    @Test func thousandsOfReactions_areCountedFromTheScores() throws {
        let types = ["like", "love", "haha", "sad", "wow", "surfing", "\u{1B}[2J"]
        let latest = (0 ..< 5000).map { #"{"type": \#(Hostile.json(types[$0 % types.count])), "user_id": "u\#($0)"}"# }.joined(separator: ", ")
        let scores = (0 ..< 5000).map { #""t\#($0)": 1"# }.joined(separator: ", ")
        let document = Hostile.document([
            Hostile.message("a", text: #""counted""#, extra: #", "latest_reactions": [\#(latest)]"#),
            Hostile.message("b", text: #""scored""#, at: "2024-03-05T09:01:00Z",
                            extra: #", "latest_reactions": [\#(latest)], "reaction_scores": {\#(scores), "like": 4321}"#),
        ])
        for width in [12, 60] {
            let text = try drawn(document, width: width).joined(separator: "\n")
            if width == 60 {
                // Stream shows reactions only with reaction scores, and counts from them.
                // Icons alone are drawn (issue 29.10): one like, the scored message's.
                #expect(!text.contains("😮"), "latest_reactions alone show nothing: \(text)")
                #expect(text.components(separatedBy: "👍").count == 2, "the scores count: \(text)")
            }
        }
    }
}
