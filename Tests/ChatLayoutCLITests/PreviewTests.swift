import Foundation
import Testing

/// `chat-layout preview`: the drawing, the tree dump and the box-tree JSON contract of the bundled
/// sample, the viewport flags, narrow and wide screens, and the errors scripts rely on.
struct PreviewTests {
    private static let sample = CLIRunner.repository.appendingPathComponent("Samples/conversation.json").path

    // MARK: - The JSON contract, decoded as a script would

    private struct Screen: Decodable {
        var width: Int
        var height: Int
        var root: Node
    }

    private struct Node: Decodable {
        struct Frame: Decodable, Equatable, CustomStringConvertible {
            var x: Int
            var y: Int
            var width: Int
            var height: Int

            var maxX: Int { x + width }
            var maxY: Int { y + height }
            var description: String { "\(x),\(y) \(width)×\(height)" }

            func contains(_ other: Frame) -> Bool {
                other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
            }
        }

        var role: String
        var id: String?
        var frame: Frame
        var text: String?
        var lines: [String]?
        var children: [Node]?

        /// This node and its descendants, parents first, with their depth and parent.
        func flattened(depth: Int = 0, parent: Node? = nil) -> [(node: Node, depth: Int, parent: Node?)] {
            [(self, depth, parent)] + (children ?? []).flatMap { $0.flattened(depth: depth + 1, parent: self) }
        }
    }

    /// Every role of the box tree (`BoxRole`).
    private static let roles: Set<String> = [
        "root", "channelHeader", "headerTitle", "headerSubtitle", "messageList", "dateSeparator", "unreadSeparator",
        "messageRow", "avatar", "authorName", "bubble", "text", "quotedMessage", "attachment", "reactions", "threadInfo",
        "timestamp", "deliveryStatus", "errorIndicator", "onlyVisibleToYou", "translation", "editedLabel", "gallery",
        "typingIndicator", "typingDots", "emptyState", "loadingState", "dateOverlay", "scrollToLatestButton", "translationLabel",
        "jumpToUnreadButton",
    ]

    private func preview(_ arguments: [String], stdin: String = "") throws -> CLIRunner.Result {
        try CLIRunner.run(["preview"] + arguments, stdin: stdin)
    }

    private func screen(_ arguments: [String], stdin: String = "") throws -> Screen {
        let result = try preview(arguments + ["--format", "json"], stdin: stdin)
        try #require(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Screen.self, from: result.stdoutBytes)
    }

    /// The widths in cells of `lines`, measured by `chat-layout text width` (the engine the
    /// layout measures with).
    private func widths(_ lines: [String]) throws -> [Int] {
        guard !lines.isEmpty else { return [] }
        let result = try CLIRunner.run(["text", "width"], stdin: lines.joined(separator: "\n") + "\n")
        try #require(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").compactMap { Int($0) }
    }

    /// The drawing's rows (the output ends with one newline).
    private func rows(_ output: String) -> [String] {
        var rows = output.components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        return rows
    }

    /// A small document: `texts` as messages of "x" (or of the current user "me" when the text
    /// starts with "me:"), a minute apart.
    private func document(_ texts: [String], channelName: String = "X", userName: String = "Xavier") -> String {
        let messages = texts.enumerated().map { index, text in
            let mine = text.hasPrefix("me:")
            let body = mine ? String(text.dropFirst(3)) : text
            return #"{"id": "m\#(index)", "text": "\#(body)", "user": {"id": "\#(mine ? "me" : "x")", "name": "\#(mine ? "Me" : userName)"}, "created_at": "2024-03-05T09:\#(String(format: "%02d", index)):00Z"}"#
        }.joined(separator: ",\n")
        return """
            {"context": {"current_user_id": "me", "now": "2024-03-05T12:00:00Z", "time_zone": "UTC", "locale": "en_US"},
             "channel": {"cid": "messaging:x", "name": "\(channelName)", "member_count": 3},
             "messages": [\(messages)]}
            """
    }

    // MARK: - Text

    @Test func text_drawsTheHeaderFirst_withinTheWidth_withoutTrailingSpaces() throws {
        let result = try preview([Self.sample, "--width", "44"])
        #expect(result.status == 0, "\(result.stderr)")
        let drawn = rows(result.stdout)
        try #require(drawn.count > 10)
        #expect(drawn[0].hasPrefix("┌") && drawn[0].hasSuffix("┐"))
        #expect(drawn[1].contains("General") && drawn[1].contains("4 members"))
        #expect(drawn[2].hasPrefix("└") && drawn[2].hasSuffix("┘"))
        for (row, width) in zip(drawn, try widths(drawn)) {
            #expect(width <= 44, "\(width) cells: \(row.debugDescription)")
            #expect(!row.hasSuffix(" "), "trailing space: \(row.debugDescription)")
        }
        #expect(try widths([drawn[0]]) == [44], "the header's border spans the width")
        for words in ["Anyone up for coffee?", "Count me in! 🎉", "Unread messages", "Leia Organa is typing…"] {
            #expect(result.stdout.contains(words), "\(words) is drawn")
        }
        #expect(!result.stdout.contains("Save me a seat"), "the thread reply r1 stays in its thread")
    }

    @Test func text_hasAsManyRowsAsTheTreeIsTall() throws {
        let drawn = rows(try preview([Self.sample, "--width", "50"]).stdout)
        let tree = try screen([Self.sample, "--width", "50"])
        #expect(drawn.count == tree.height)
        #expect(tree.root.frame == Node.Frame(x: 0, y: 0, width: 50, height: tree.height))
    }

    @Test func text_isTheSameBytesEveryRun() throws {
        for format in ["text", "tree", "json"] {
            let first = try preview([Self.sample, "--width", "37", "--format", format])
            let second = try preview([Self.sample, "--width", "37", "--format", format])
            #expect(first.status == 0)
            #expect(first.stdoutBytes == second.stdoutBytes, "\(format) differs between two runs")
        }
    }

    // MARK: - Tree

    @Test func tree_indentsEachBoxUnderItsParent_withItsRoleAndFrame() throws {
        let result = try preview([Self.sample, "--width", "44", "--format", "tree"])
        #expect(result.status == 0)
        let lines = rows(result.stdout)
        let pattern = /^((?:  )*)([a-zA-Z]+)(?: ([^ ]+))? (-?\d+),(-?\d+) (\d+)×(\d+)(?: tail:[a-zA-Z]+)?(?: ".*"(?: \+\d+)?)?$/
        var parsed: [(depth: Int, role: String, id: String?, frame: Node.Frame)] = []
        for line in lines {
            guard let match = line.wholeMatch(of: pattern) else {
                Issue.record("not a tree line: \(line.debugDescription)")
                continue
            }
            let frame = Node.Frame(x: Int(match.4)!, y: Int(match.5)!, width: Int(match.6)!, height: Int(match.7)!)
            parsed.append((match.1.count / 2, String(match.2), match.3.map(String.init), frame))
        }
        try #require(parsed.count == lines.count && !parsed.isEmpty)
        #expect(parsed[0].depth == 0 && parsed[0].role == "root")
        for (previous, next) in zip(parsed, parsed.dropFirst()) {
            #expect(next.depth >= 1 && next.depth <= previous.depth + 1, "a box is indented at most one level under the one before")
        }
        for box in parsed { #expect(Self.roles.contains(box.role), "unknown role \(box.role)") }
        #expect(lines.contains { $0.hasPrefix("    messageRow m1 ") }, "rows sit two levels down, under the list")
        #expect(lines.contains { $0.hasPrefix("      bubble m1 ") && $0.contains("tail:") })

        // The same boxes, in the same order, as the JSON.
        let json = try screen([Self.sample, "--width", "44"]).root.flattened()
        #expect(json.count == parsed.count)
        for (tree, node) in zip(parsed, json) {
            #expect(tree.depth == node.depth && tree.role == node.node.role && tree.id == node.node.id && tree.frame == node.node.frame,
                    "tree \(tree.role) \(tree.id ?? "") \(tree.frame), JSON \(node.node.role) \(node.node.id ?? "") \(node.node.frame)")
        }
    }

    // MARK: - JSON

    @Test func json_followsTheContract_onTheBundledSample() throws {
        let result = try preview([Self.sample, "--width", "44", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"width":44,"height":"#), "keys in the contract's order")
        let screen = try JSONDecoder().decode(Screen.self, from: result.stdoutBytes)
        #expect(screen.width == 44)
        #expect(screen.root.role == "root")
        #expect(screen.root.frame == Node.Frame(x: 0, y: 0, width: 44, height: screen.height))

        let boxes = screen.root.flattened()
        var lines: [String] = []
        var frames: [Node.Frame] = []
        for (node, _, parent) in boxes {
            #expect(Self.roles.contains(node.role), "unknown role \(node.role)")
            #expect(node.frame.width >= 0 && node.frame.height >= 0)
            if let parent {
                #expect(parent.frame.contains(node.frame), "\(node.role) \(node.frame) outside \(parent.role) \(parent.frame)")
            }
            for (index, first) in (node.children ?? []).enumerated() {
                for second in (node.children ?? []).dropFirst(index + 1) {
                    // The error indicator overlaps its bubble's bottom outer corner.
                    if Set([first.role, second.role]) == ["bubble", "errorIndicator"] { continue }
                    let overlap = first.frame.x < second.frame.maxX && second.frame.x < first.frame.maxX
                        && first.frame.y < second.frame.maxY && second.frame.y < first.frame.maxY
                    #expect(!overlap, "\(first.role) \(first.frame) overlaps \(second.role) \(second.frame)")
                }
            }
            if let boxLines = node.lines {
                #expect(node.text != nil, "\(node.role) has lines but no text")
                #expect(boxLines.count <= node.frame.height)
                lines += boxLines
                frames += Array(repeating: node.frame, count: boxLines.count)
            }
        }
        for ((line, frame), width) in zip(zip(lines, frames), try widths(lines)) {
            #expect(width <= frame.width, "\(line.debugDescription) is \(width) cells in \(frame)")
        }

        // One message row per message `explain` lists, in its order, holding the message's boxes.
        let explain = try CLIRunner.run(["explain", Self.sample, "--format", "json"])
        struct Explanation: Decodable { struct Item: Decodable { var kind: String; var id: String? }; var items: [Item] }
        let ids = try JSONDecoder().decode(Explanation.self, from: explain.stdoutBytes).items.filter { $0.kind == "message" }.compactMap(\.id)
        let rowIDs = boxes.filter { $0.node.role == "messageRow" }.map(\.node.id)
        #expect(rowIDs == ids.map(Optional.some))
        let list = try #require(screen.root.children?.first { $0.role == "messageList" })
        for row in list.children ?? [] where row.role == "messageRow" {
            for (node, _, _) in row.flattened() { #expect(node.id == row.id, "\(node.role) of \(node.id ?? "nil") in row \(row.id ?? "nil")") }
        }
        let texts = boxes.compactMap { $0.node.role == "text" ? $0.node.text : nil }
        #expect(texts.contains("Anyone up for coffee?"))
        #expect(boxes.contains { $0.node.role == "bubble" && $0.node.id == "m1" })
    }

    // MARK: - Viewports

    @Test func viewport_showsTheOverlayDate_andTheScrollButton_awayFromTheBottom() throws {
        let arguments = [Self.sample, "--width", "44", "--height", "12", "--date-indicator", "overlay", "--scrolling"]
        let top = try screen(arguments + ["--scroll-offset", "0"])
        #expect(top.height == 12)
        let topBoxes = top.root.children ?? []
        let overlay = try #require(topBoxes.first { $0.role == "dateOverlay" })
        #expect(overlay.text == "Yesterday")
        #expect(overlay.lines == ["[ Yesterday ]"])
        #expect(overlay.frame.y == 3, "on the list's first row, under the header")
        let button = try #require(topBoxes.first { $0.role == "scrollToLatestButton" })
        #expect(button.text == "↓ 3", "the unread count of the current user")
        #expect(button.frame.maxY == 12 && button.frame.maxX <= 44)

        let drawn = rows(try preview(arguments + ["--scroll-offset", "0"]).stdout)
        #expect(drawn.count == 12)
        #expect(drawn[3].contains("[ Yesterday ]"))
        #expect(drawn[11].contains("( ↓ 3 )"))

        // At the bottom (the default): today's date, no button.
        let bottom = try screen(arguments)
        #expect(bottom.height == 12)
        #expect(bottom.root.children?.first { $0.role == "dateOverlay" }?.text == "Today")
        #expect(bottom.root.children?.contains { $0.role == "scrollToLatestButton" } == false)
        let end = try screen(arguments + ["--scroll-offset", "100000"])
        #expect(end.root.children?.contains { $0.role == "scrollToLatestButton" } == false, "an offset past the end is the bottom")

        // At rest (no --scrolling) the date is hidden, as Stream's; the rows and the button stay.
        let rest = try screen(arguments.dropLast() + ["--scroll-offset", "0"])
        #expect(rest.root.children?.contains { $0.role == "dateOverlay" } == false)
        #expect(rest.root.children?.first { $0.role == "scrollToLatestButton" }?.text == "↓ 3")
        let restRows = rest.root.children?.first { $0.role == "messageList" }?.children?.map { "\($0.role) \($0.id ?? "") \($0.frame)" }
        let topRows = top.root.children?.first { $0.role == "messageList" }?.children?.map { "\($0.role) \($0.id ?? "") \($0.frame)" }
        #expect(restRows == topRows && restRows?.isEmpty == false, "the same rows where they were")

        // Separators in the list instead: no overlay, the button still.
        let separated = try screen([Self.sample, "--width", "44", "--height", "12", "--scroll-offset", "0", "--date-indicator", "message-list"])
        #expect(separated.root.children?.contains { $0.role == "dateOverlay" } == false)
        #expect(separated.root.children?.contains { $0.role == "scrollToLatestButton" } == true)
    }

    @Test func jumpTo_scrollsToTheMessage_atTheAnchor_andRefusesAnIdNotShown() throws {
        let arguments = [Self.sample, "--width", "44", "--height", "12", "--date-indicator", "none"]
        let top = try screen(arguments + ["--jump-to", "m3", "--anchor", "top"])
        let list = try #require(top.root.children?.first { $0.role == "messageList" })
        let first = try #require(list.children?.first { $0.role != "highlight" })
        #expect(first.role == "messageRow" && first.id == "m3", "m3's top at the viewport's top")
        #expect(first.frame.y == list.frame.y)
        // Highlighted, as Stream highlights the message a jump lands on: right before its row.
        let highlight = try #require(list.children?.first)
        #expect(highlight.role == "highlight" && highlight.id == "m3" && highlight.frame == first.frame)
        let centred = try screen(arguments + ["--jump-to", "m3"])
        let row = try #require(centred.root.children?.first { $0.role == "messageList" }?.children?.first { $0.id == "m3" })
        #expect(row.frame.y > list.frame.y, "the default anchor, center, is lower down")

        let unknown = try preview(arguments + ["--jump-to", "no-such-message"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no message 'no-such-message' in the list"))
        #expect(try preview(arguments + ["--anchor", "top"]).status != 0, "--anchor needs --jump-to")
        #expect(try preview(arguments + ["--jump-to", "m3", "--scroll-offset", "0"]).status != 0)
    }

    @Test func highlight_marksTheMessage_inTheDrawing_andRefusesAnIdNotShown() throws {
        let arguments = [Self.sample, "--width", "44", "--height", "12", "--date-indicator", "none"]
        let drawn = try preview(arguments + ["--jump-to", "m3", "--format", "text"])
        #expect(drawn.status == 0)
        #expect(drawn.stdout.split(separator: "\n").contains { $0.hasPrefix("▌") }, "a bar down the highlighted row's leading edge")
        let plain = try preview(arguments + ["--jump-to", "m3", "--highlight", "m4", "--format", "tree"])
        #expect(plain.status == 0 && plain.stdout.contains("highlight") && plain.stdout.contains("m4"))
        let unknown = try preview(arguments + ["--highlight", "no-such-message"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no message 'no-such-message' in the list to highlight"))
        #expect(try preview([Self.sample, "--width", "44", "--highlight", "m3"]).status != 0, "--highlight needs --height")
    }

    @Test func jumpToUnreadButton_isDrawnAtTheTop_withItsCloseButton() throws {
        var document = try String(contentsOfFile: Self.sample, encoding: .utf8)
        let config = try #require(document.range(of: #""config": {"#), "the document's own config comes first")
        document.replaceSubrange(config, with: #""config": {"jump_to_unread_enabled": true, "#)
        let drawn = rows(try preview(["-", "--width", "44", "--height", "12", "--current-user", "mia"], stdin: document).stdout)
        #expect(drawn[3].contains("( 3 unread ✕ )"), "\(drawn)")
    }

    @Test func viewport_rowsAreClippedToTheList_andTheDrawingIsAsTallAsAsked() throws {
        for offset in ["0", "7", "19"] {
            let arguments = [Self.sample, "--width", "40", "--height", "15", "--scroll-offset", offset]
            let tree = try screen(arguments)
            #expect(tree.height == 15)
            let list = try #require(tree.root.children?.first { $0.role == "messageList" })
            #expect(list.frame == Node.Frame(x: 0, y: 3, width: 40, height: 12))
            for row in list.children ?? [] {
                #expect(row.frame.y < list.frame.maxY && row.frame.maxY > list.frame.y, "\(row.role) \(row.frame) is outside the list")
            }
            #expect(rows(try preview(arguments).stdout).count == 15)
        }
    }

    @Test func scrollOffsetWithoutHeight_andNegativeValues_areUsageErrors() throws {
        for flags in [["--scroll-offset", "3"], ["--height", "-1"], ["--height", "0"], ["--height", "10", "--scroll-offset", "-1"],
                      ["--width", "0"], ["--width", "-5"], ["--format", "yaml"]] {
            let result = try preview([Self.sample] + flags)
            #expect(result.status == 2, "\(flags): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try preview([Self.sample, "--scroll-offset", "3"]).stderr.contains("--height"))
    }

    // MARK: - Narrow and wide

    @Test func narrowAndWideScreens_drawLegibly_withinTheWidth() throws {
        for width in [20, 200] {
            let result = try preview([Self.sample, "--width", String(width)])
            #expect(result.status == 0)
            let drawn = rows(result.stdout)
            let measured = try widths(drawn)
            #expect(measured.count == drawn.count)
            for (row, cells) in zip(drawn, measured) { #expect(cells <= width, "\(cells) cells at width \(width): \(row.debugDescription)") }
            #expect(measured.first == width, "the header spans the width")
            for words in ["Anyone", "coffee?", "espresso", "Count me in!", "Beautiful!", "Today", "9:50"] {
                #expect(result.stdout.contains(words), "\(words) at width \(width)")
            }
        }
        // Narrower than any bubble: no row wider than the screen, and no box either (the
        // drawing clips, so the tree is where an overflow shows).
        for width in [1, 3, 6] {
            let drawn = rows(try preview([Self.sample, "--width", String(width)]).stdout)
            for (row, cells) in zip(drawn, try widths(drawn)) { #expect(cells <= width, "\(cells) cells at width \(width): \(row.debugDescription)") }
            for (node, _, parent) in try screen([Self.sample, "--width", String(width)]).root.flattened() {
                guard let parent else { continue }
                #expect(parent.frame.contains(node.frame), "width \(width): \(node.role) \(node.id ?? "") \(node.frame) outside \(parent.role) \(parent.frame)")
            }
        }
    }

    // MARK: - Errors and hostile input

    @Test func badInput_exits1_withAMessage_andNothingOnStandardOutput() throws {
        let malformed = try preview(["-"], stdin: "{\n  \"messages\": [\n    {\"id\": \"a\",,}\n  ]\n}")
        #expect(malformed.status == 1)
        #expect(malformed.stderr.contains("line 3, column 16"), "\(malformed.stderr)")
        #expect(malformed.stdout.isEmpty)

        let wrongType = try preview(["-"], stdin: document(["hi"]).replacingOccurrences(of: #""created_at": "2024-03-05T09:00:00Z""#, with: #""created_at": 42"#))
        #expect(wrongType.status == 1)
        #expect(wrongType.stderr.contains("messages[0].created_at"), "\(wrongType.stderr)")

        let duplicate = try preview(["-"], stdin: document(["a", "b"]).replacingOccurrences(of: #""id": "m1""#, with: #""id": "m0""#))
        #expect(duplicate.status == 1)
        #expect(duplicate.stderr.contains("duplicate message id 'm0'"), "\(duplicate.stderr)")

        let missing = try preview(["/nonexistent/conversation.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no such file"))

        let zone = try preview(["-"], stdin: document(["hi"]).replacingOccurrences(of: #""time_zone": "UTC""#, with: #""time_zone": "Mars/Olympus""#))
        #expect(zone.status == 1)
        #expect(zone.stderr.contains("Mars/Olympus"))

        // FuzzPipeline, crash-aa218cb7: a locale id longer than ICU can hold overflowed a buffer.
        let overlong = "en_" + String(repeating: "A", count: 153)
        let locale = try preview(["-"], stdin: document(["hi"]).replacingOccurrences(of: #""locale": "en_US""#, with: "\"locale\": \"\(overlong)\""))
        #expect(locale.status == 1)
        #expect(locale.stderr.contains("context.locale: unknown locale '\(overlong)'"), "\(locale.stderr)")
        #expect(locale.stdout.isEmpty)
    }

    @Test func hostileText_neverReachesStandardOutput_asControls() throws {
        let hostile = #"\u001b]0;owned\u0007\u001b[2Jboom\u009b31m\r\u007fover\u202eevil\ttab\u001b[?1049h"#
        let doc = document([hostile, "me:" + hostile, "plain"], channelName: #"\u001b[2Jchannel\u0007"#, userName: #"Mal\u001b]8;;http://x\u0007lory"#)
        for format in ["text", "tree", "json"] {
            for width in ["8", "40"] {
                let result = try preview(["-", "--width", width, "--format", format], stdin: doc)
                #expect(result.status == 0, "\(format): \(result.stderr)")
                let bytes = [UInt8](result.stdoutBytes)
                // A tab may reach the tree dump (it quotes lines as they are), never the drawing.
                let allowed: Set<UInt8> = format == "tree" ? [0x0A, 0x09] : [0x0A]
                let controls = bytes.filter { ($0 < 0x20 && !allowed.contains($0)) || $0 == 0x7F }
                #expect(controls.isEmpty, "\(format) at \(width): \(controls)")
                let c1 = zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80 ... 0x9F).contains($1) }
                #expect(!c1, "\(format) at \(width) has a C1 control")
                if width == "40" {
                    #expect(result.stdout.contains("boom"), "\(format): the message's words stay")
                    #expect(!result.stdout.contains("owned"), "\(format): the window title sequence is removed whole")
                }
            }
        }
        // In JSON the text decodes to the neutralised words, not to escape sequences.
        let screen = try screen(["-", "--width", "40"], stdin: doc)
        let texts = screen.root.flattened().compactMap(\.node.text)
        #expect(texts.contains { $0.contains("boom") })
        #expect(!texts.contains { $0.unicodeScalars.contains { $0.value == 0x1B || (0x80 ... 0x9F).contains($0.value) } })
    }

    @Test func standardInput_isReadForADash() throws {
        let result = try preview(["-", "--width", "30"], stdin: document(["hello there"]))
        #expect(result.status == 0)
        #expect(result.stdout.contains("hello there"))
    }
}
