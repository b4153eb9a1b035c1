import ChatLayoutFoundation
import ChatLayoutKit
import Foundation
import Testing

struct LayoutContextTests {
    @Test func foundationValues_becomeTheirIdentifiers() throws {
        let context = LayoutContext(currentUserID: "leia", now: Date(timeIntervalSince1970: 1_709_632_800),
                                    timeZone: try #require(TimeZone(identifier: "Europe/Berlin")), locale: Locale(identifier: "de_DE"),
                                    translationLanguage: "pt")
        #expect(context == LayoutContext(currentUserID: "leia", now: Timestamp(rfc3339: "2024-03-05T10:00:00Z")!,
                                         timeZone: "Europe/Berlin", locale: "de_DE", translationLanguage: "pt"))
    }

    @Test func aLanguageTagLocale_isHeldAsICUIdentifier() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let now = Date(timeIntervalSince1970: 0)
        #expect(LayoutContext(now: now, timeZone: utc, locale: Locale(identifier: "en-US")).locale == "en_US")
        #expect(LayoutContext(now: now, timeZone: utc, locale: Locale(identifier: "ja-JP-u-ca-japanese")).locale == "ja_JP@calendar=japanese")
    }

    @Test func nothingIsReadFromTheMachine() throws {
        let context = LayoutContext(now: Date(timeIntervalSince1970: 0), timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")),
                                    locale: Locale(identifier: "ja_JP"))
        #expect(context.currentUserID == nil && context.translationLanguage == nil)
        #expect(context.timeZone == "Asia/Tokyo" && context.now == Timestamp(seconds: 0))
    }
}
