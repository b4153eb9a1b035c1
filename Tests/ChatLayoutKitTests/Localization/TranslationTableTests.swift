import ChatLayoutDecoding
import ChatLayoutICU
import ChatLayoutKit
import Foundation
import Testing

/// The bundled translations (Sources/ChatLayoutModel/Localization/*.json): what the files say,
/// what the built-in tables say (they are generated from the files), plural forms against
/// ICU's CLDR rules, and the bidi isolation of inserted values.
struct TranslationTableTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Sources/ChatLayoutModel/Localization").standardizedFileURL

    /// The languages of the issue, each with a file.
    static let languages = ["ar", "de", "es", "fr", "he", "hi", "it", "ja", "ko", "nl", "pl", "pt", "ru", "tr", "uk",
                            "zh-Hans", "zh-Hant"]

    /// A locale that takes each language's table, for ICU.
    static let locales = ["ar": "ar_EG", "de": "de_DE", "es": "es_ES", "fr": "fr_FR", "he": "he_IL", "hi": "hi_IN",
                          "it": "it_IT", "ja": "ja_JP", "ko": "ko_KR", "nl": "nl_NL", "pl": "pl_PL", "pt": "pt_BR",
                          "ru": "ru_RU", "tr": "tr_TR", "uk": "uk_UA", "zh-Hans": "zh_CN", "zh-Hant": "zh_TW"]

    static func file(_ language: String) throws -> [(String, ChatStringsValue)] {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent("\(language).json")))
        return try ChatStrings.table(json: bytes)
    }

    static func describe(_ table: [(String, ChatStringsValue)]) -> [String] {
        table.map { key, value in
            switch value {
            case .phrase(let text): "\(key)=\(text)"
            case .counted(let forms): "\(key)=" + PluralCategory.allCases.compactMap { category in forms[category].map { "\(category): \($0)" } }.joined(separator: " | ")
            }
        }
    }

    @Test func englishFile_isTheDefaultWords() throws {
        #expect(Self.describe(try Self.file("en")) == Self.describe(ChatStrings().table))
        #expect(ChatStrings.tableKeys == (try Self.file("en")).map(\.0))
    }

    @Test func everyLanguage_hasAFile_withEveryKeyInOrder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set((Self.languages + ["en"]).map { "\($0).json" }))
        for language in Self.languages {
            let table = try Self.file(language)
            #expect(table.map(\.0) == ChatStrings.tableKeys, "\(language)")
            // Every entry differs from English somewhere, or is a word the languages share.
            let english = Dictionary(uniqueKeysWithValues: ChatStrings().table.map { ($0.key, $0.value) })
            let same = table.filter { english[$0.0] == $0.1 }.map(\.0)
            // Words the languages share with English (French "image", Italian "file", Dutch
            // "thread", German "online"; "Online" and "Offline" in several); the only phrases
            // among them are punctuation (the list separator, the comma between "4 members"
            // and "1 online").
            let shared: Set<String> = ["list_separator", "attachment_image", "attachment_video", "attachment_audio", "attachment_giphy",
                                       "attachment_file", "attachment_message", "threads_title", "thread_title", "online",
                                       "members_online", "presence_online", "presence_offline"]
            #expect(Set(same).isSubset(of: shared), "\(language) keeps English for \(same)")
        }
    }

    /// The generated Swift file holds what the JSON files hold: the tables a locale gets are
    /// the files' (run Scripts/generate-chat-strings.py after editing a file).
    @Test func builtInTables_areTheFiles() throws {
        for language in Self.languages {
            var expected = ChatStrings()
            try expected.apply(try Self.file(language))
            let builtIn = ChatStrings(locale: Self.locales[language]!)
            #expect(Self.describe(builtIn.table) == Self.describe(expected.table), "\(language)")
        }
    }

    @Test func locales_findTheirDirection() {
        let rightToLeft = ["he_IL", "iw", "ar", "ar_EG", "fa_IR", "ur_PK", "ps_AF", "yi", "ckb_IQ", "pa_Arab_PK", "az_Arab", "ar_XB", "ar-XB",
                           "ug_CN", "dv_MV", "sd_Arab_PK",
                           "ar-EG-u-nu-latn", "ar-u-nu-latn", "fa-IR-u-nu-latn", "he_IL.utf8", "he_IL.UTF-8@euro", "ar_EG@calendar=islamic"]
        let leftToRight = ["en_US", "", "de_DE", "ja_JP", "ks_Deva", "pa_IN", "az_Latn", "en_XA", "tr", "hi_IN", "zh_Hant_TW",
                           "en-US-u-nu-arab", "de_DE.utf8", "en-x-arab"]
        for locale in rightToLeft { #expect(LayoutDirection(locale: locale) == .rightToLeft, "\(locale)") }
        for locale in leftToRight { #expect(LayoutDirection(locale: locale) == .leftToRight, "\(locale)") }
    }

    @Test func locales_findTheirLanguage() {
        let cases: [(String, String?)] = [
            ("de_DE", "de"), ("de", "de"), ("de-AT", "de"), ("pt_BR", "pt"), ("pt_PT", "pt"), ("iw_IL", "he"),
            ("he_IL", "he"), ("zh_CN", "zh-Hans"), ("zh", "zh-Hans"), ("zh_Hans_SG", "zh-Hans"), ("zh_TW", "zh-Hant"),
            ("zh-Hant-HK", "zh-Hant"), ("zh_HK", "zh-Hant"), ("zh_Hans_HK", "zh-Hans"), ("ar_EG", "ar"),
            ("ja_JP@calendar=japanese", "ja"), ("en_US", nil), ("en_GB", nil), ("sv_SE", nil), ("", nil),
            ("en_XA", "en-XA"), ("en-XA", "en-XA"), ("ar_XB", "ar-XB"), ("ar_EG", "ar"),
        ]
        for (locale, language) in cases {
            #expect(ChatStrings.builtInLanguage(for: locale) == language, "\(locale)")
        }
        #expect(ChatStrings(locale: "sv_SE") == ChatStrings())
        #expect(ChatStrings(locale: "de_AT").unreadMessages == ChatStrings(locale: "de").unreadMessages)
    }

    /// Every category ICU's rules give an integer count in the language has its own form, and
    /// no form is for a category no count reaches (`other` excepted: it is every language's
    /// fallback, reached in ru/pl/uk only by fractions).
    @Test func countPhrases_haveAFormForEveryCategoryTheLanguageReaches() throws {
        let counts = Array(0 ... 1_100) + [10_000, 100_000, 1_000_000, 2_000_000]
        for language in Self.languages {
            let formatter = try ICULocaleFormatter(locale: Self.locales[language]!, timeZone: "UTC")
            let reached = Set(counts.map(formatter.pluralCategory))
            for (key, value) in try Self.file(language) {
                guard case .counted(let forms) = value else { continue }
                #expect(Set(forms.keys).subtracting([.other]) == reached.subtracting([.other]), "\(language) \(key)")
                #expect(forms[.other] != nil, "\(language) \(key)")
            }
        }
        // The languages the issue names for their forms reach them.
        let arabic = try ICULocaleFormatter(locale: "ar_EG", timeZone: "UTC")
        #expect(Set([0, 1, 2, 3, 11, 100].map(arabic.pluralCategory)) == Set(PluralCategory.allCases))
        let russian = try ICULocaleFormatter(locale: "ru_RU", timeZone: "UTC")
        #expect([1, 2, 5, 21, 22, 25].map(russian.pluralCategory) == [.one, .few, .many, .one, .few, .many])
    }

    /// Each count phrase gives, for counts that reach every category, the form of that
    /// category with the count in the locale's digits: Arabic-Indic in Arabic, grouped.
    @Test func countPhrases_writeTheFormOfTheCountsCategory_inTheLocalesDigits() throws {
        let arabic = try ICULocaleFormatter(locale: "ar_EG", timeZone: "UTC")
        let strings = ChatStrings(locale: "ar_EG")
        #expect(strings.members.text(1, using: arabic) == "عضو واحد")
        #expect(strings.members.text(2, using: arabic) == "عضوان")
        #expect(strings.members.text(3, using: arabic) == "\u{2068}٣\u{2069} أعضاء")
        #expect(strings.members.text(11, using: arabic) == "\u{2068}١١\u{2069} عضوًا")
        #expect(strings.members.text(100, using: arabic) == "\u{2068}١٠٠\u{2069} عضو")
        let polish = try ICULocaleFormatter(locale: "pl_PL", timeZone: "UTC")
        let replies = ChatStrings(locale: "pl_PL").replies
        #expect([1, 2, 5, 22, 25, 12_345].map { replies.text($0, using: polish) }
            == ["1 odpowiedź", "2 odpowiedzi", "5 odpowiedzi", "22 odpowiedzi", "25 odpowiedzi", "12\u{A0}345 odpowiedzi"])
        let german = try ICULocaleFormatter(locale: "de_DE", timeZone: "UTC")
        #expect(ChatStrings(locale: "de_DE").members.text(1_234, using: german) == "1.234 Mitglieder")
        let japanese = try ICULocaleFormatter(locale: "ja_JP", timeZone: "UTC")
        #expect(ChatStrings(locale: "ja_JP").replies.text(1, using: japanese) == "1件の返信")
    }

    /// Over generated conversations in every language, with member counts that reach every
    /// plural category a count of one or more can be in (zero is never shown: a channel of no
    /// members has no count): the header says the form of the count's category, in the
    /// locale's digits, and every such category is reached.
    @Test func generatedConversations_reachEveryPluralCategory_withItsForm() throws {
        let counts = Array(1 ... 120) + [1_000, 1_001, 1_000_000, 2_000_000]
        for language in Self.languages {
            let locale = Self.locales[language]!
            let formatter = try ICULocaleFormatter(locale: locale, timeZone: "UTC")
            let strings = ChatStrings(locale: locale)
            var reached = Set<PluralCategory>()
            for (index, count) in counts.enumerated() {
                var input = ConversationGenerator.makeCase(seed: UInt64(1_000 + index))
                input.context.locale = locale
                input.context.timeZone = "UTC"
                input.config.typingIndicatorPlacement = .bottomOverlay
                input.conversation.channel.memberCount = count
                let header = MessageListResolver(try LayoutEnvironment(config: input.config, context: input.context,
                                                                       formatter: formatter, measurer: PropertyHarness.measurer)).resolve(input.conversation).header
                let category = formatter.pluralCategory(count)
                let form = strings.members.forms[category] ?? strings.members.forms[.other]!
                let digits = formatter.formatCount(count)
                let expected = [form.replacing("{count}", with: digits), form.replacing("{count}", with: "\u{2068}\(digits)\u{2069}")]
                #expect(expected.contains(header.subtitle), "\(locale) \(count): \(header.subtitle), expected the \(category) form \(form)")
                reached.insert(category)
            }
            let available = Set(strings.members.forms.keys).subtracting(language == "ar" ? [.zero] : [])
            #expect(reached.isSuperset(of: available.subtracting([.other])) && reached.subtracting(available).isSubset(of: [.other]),
                    "\(language): reached \(reached), forms \(available)")
        }
    }

    /// Counts without a phrase (reactions, votes, badges, the scroll-to-latest button) are in
    /// the locale's digits, which an environment takes from its formatter.
    @Test func countsWithoutAPhrase_useTheLocalesDigits() throws {
        let context = LayoutContext(now: Timestamp(seconds: 0), timeZone: "UTC", locale: "ar_EG")
        let arabic = try LayoutEnvironment(context: context, formatter: ICULocaleFormatter(locale: "ar_EG", timeZone: "UTC"),
                                           measurer: ICUTextEngine())
        #expect(arabic.strings.digits == "٠١٢٣٤٥٦٧٨٩")
        #expect(arabic.strings.count(120) == "١٢٠" && arabic.strings.count(-3) == "-٣")
        #expect(PlainPresentation.reactions([ReactionCount(type: "like", count: 12)], strings: arabic.strings) == "👍 ١٢")
        var english = context
        english.locale = "en_US"
        let plain = try LayoutEnvironment(context: english, formatter: ICULocaleFormatter(locale: "en_US", timeZone: "UTC"),
                                          measurer: ICUTextEngine())
        #expect(plain.strings.digits == "0123456789" && plain.strings.count(120) == "120")
    }

    /// A value is isolated where it or the phrase could turn the other around: a Hebrew name
    /// in an English phrase and an English name in a Hebrew phrase both keep their order when
    /// drawn, and a phrase with neither stays plain.
    @Test func insertedValues_keepTheirOrder_inBothDirections() throws {
        let engine = ICUTextEngine()
        let english = ChatStrings()
        let hebrew = ChatStrings(locale: "he_IL")
        let user = { (id: String) in User(id: id, name: id) }
        func typing(_ names: [String], _ strings: ChatStrings) -> String {
            let formatter = try! ICULocaleFormatter(locale: "en_US", timeZone: "UTC")
            let conversation = Conversation(channel: Channel(cid: "messaging:x"), members: names.map { Member(user: user($0)) },
                                            messages: [], typingUserIDs: names)
            return MessageListResolver(try! LayoutEnvironment(config: MessageListConfig(),
                                                             context: LayoutContext(now: Timestamp(seconds: 0)),
                                                             formatter: formatter, measurer: engine, strings: strings))
                .resolve(conversation).items.compactMap { if case .typingIndicator(let text) = $0 { text } else { nil } }.first ?? ""
        }
        // Plain where nothing turns: Stream's English stays byte for byte.
        #expect(typing(["Leia"], english) == "Leia is typing…")
        // A Hebrew name in English: isolated, drawn first (left), the phrase after it.
        let hebrewName = typing(["שרה"], english)
        #expect(hebrewName == "\u{2068}שרה\u{2069} is typing…")
        #expect(engine.wrap(hebrewName, width: 40).lines.map(\.display) == ["הרש is typing…"])
        // An English name in Hebrew: isolated, so the line is right to left with the name at
        // its start (the right end); without the isolate "Leia" would make it left to right.
        let englishName = typing(["Leia"], hebrew)
        #expect(englishName == "\u{2068}Leia\u{2069} מקליד/ה…")
        let drawn = engine.wrap(englishName, width: 40)
        #expect(drawn.direction == .rightToLeft)
        #expect(drawn.lines.map(\.display) == ["…ה/דילקמ Leia"])
        // Two names in a Hebrew phrase keep their logical order (first at the right).
        let two = engine.wrap(typing(["Han", "Leia"], hebrew), width: 40).lines.map(\.display)
        #expect(two == ["…םידילקמ Leia-ו Han"])
    }

    @Test func pseudoLocales_keepPlaceholders_andChangeEveryPhrase() {
        let english = ChatStrings()
        let accented = ChatStrings(locale: "en_XA")
        #expect(accented.unreadMessages == "[Ûñŕéåð ɱéššåĝéš one two]")
        #expect(accented.oneTyping.hasPrefix("[{name} îš ţýþîñĝ…"))
        #expect(accented.repliedTo.hasSuffix("] "))
        #expect(accented.listSeparator == english.listSeparator)
        for ((key, pseudo), (_, plain)) in zip(accented.table, english.table) {
            guard case .phrase(let text) = pseudo, case .phrase(let original) = plain,
                  original.unicodeScalars.contains(where: \.properties.isAlphabetic) else { continue }
            #expect(text.contains("[") && text.contains("]"), "\(key)")
            #expect(text.count * 100 >= original.count * 130, "\(key): \(text) is not a third longer than \(original)")
            #expect(text.placeholderNamesForTest == original.placeholderNamesForTest, "\(key)")
        }
        let rightToLeft = ChatStrings(locale: "ar_XB")
        #expect(rightToLeft.unreadMessages == "\u{200F}\u{202E}Unread\u{202C}\u{200F} \u{200F}\u{202E}messages\u{202C}\u{200F}")
        #expect(rightToLeft.oneTyping.hasPrefix("{name} \u{200F}\u{202E}is"))
        let engine = ICUTextEngine()
        #expect(engine.wrap(rightToLeft.unreadMessages, width: 40).lines.map(\.display) == ["segassem daernU"])
    }

    @Test func anOverridingTable_replacesWhatItNames_andRefusesMistakes() throws {
        var strings = ChatStrings(locale: "de_DE")
        try strings.apply(ChatStrings.table(json: Array(#"{"unread_messages": "Neu", "replies": {"one": "{count} Antwort!", "other": "{count} Antworten!"}}"#.utf8)))
        #expect(strings.unreadMessages == "Neu")
        #expect(strings.replies.forms[.one] == "{count} Antwort!")
        #expect(strings.noMessages == ChatStrings(locale: "de").noMessages)

        func error(_ json: String) -> String {
            do {
                _ = try ChatStrings.table(json: Array(json.utf8))
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(error(#"{"unread": "x"}"#).hasPrefix("unread: unknown key"))
        #expect(error(#"{"members": "x"}"#) == "members: a count phrase: give its forms by plural category ({\"one\": …, \"other\": …})")
        #expect(error(#"{"strings": {"loading": {"other": "x"}}}"#) == "strings.loading: a phrase, not a count phrase: give one string")
        #expect(error(#"{"strings": {"members": {"one": "x"}}}"#) == "strings.members: the \"other\" form is missing (every language has it)")
        #expect(error(#"{"strings": {"members": {"fiew": "x", "other": "y"}}}"#)
            == "strings.members.fiew: unknown plural category (expected zero, one, two, few, many or other)")
        #expect(error(#"{"typing_one": "{nam} tippt"}"#) == "typing_one: unknown placeholder {nam} (this phrase takes {name})")
        #expect(error(#"{"loading": 3}"#) == "loading: expected a string, or an object of plural forms")
        #expect(error(#"{"language": "x", "words": {}}"#).hasPrefix("words: unknown key"))
        #expect(error("{\"loading\": \n  \"x\"") == "line 2, column 6: unexpected end of the document")
    }
}

extension String {
    /// The `{…}` names, for comparing phrases.
    fileprivate var placeholderNamesForTest: [String] {
        var names: [String] = []
        var rest = self[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open) ..< close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
