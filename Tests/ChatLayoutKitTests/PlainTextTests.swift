import ChatLayoutKit
import Testing

// `UntrustedText.plain`: text for one line printed as it is (explain, the tree dump, stderr).

@Test func plain_neutralisesFirst() {
    #expect(UntrustedText.plain("a\u{1B}[2Jb\u{7}c") == "ab␇c")
}

@Test func plain_showsLineFeeds_soTheTextStaysOnItsLine() {
    #expect(UntrustedText.plain("one\ntwo\r\nthree\rfour") == "one␊two␊three␊four")
}

@Test func plain_dropsEveryBidiControl_openOrClosed() {
    #expect(UntrustedText.plain("\u{202E}evil\u{202C} \u{2067}iso\u{2069} \u{200F}rlm\u{200E}\u{061C}") == "evil iso rlm")
    #expect(UntrustedText.plain("name\u{202E}") == "name", "the closer neutralising adds goes too")
}

@Test func plain_keepsEverythingElse() {
    let text = "Zoë 😀 שלום مرحبا 全角 e\u{301} tab\there"
    #expect(UntrustedText.plain(text) == text)
}

@Test func plain_isStable() {
    for text in ["\u{1B}]0;t\u{7}x\n\u{202E}y", "a\u{85}b\u{2066}", "\u{1B}"] {
        #expect(UntrustedText.plain(UntrustedText.plain(text)) == UntrustedText.plain(text))
    }
}
