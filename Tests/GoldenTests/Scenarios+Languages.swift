import Foundation

/// The sample conversation and the thread-list inbox in every bundled language at width 40,
/// and in the two pseudo-locales (issue 15): the words from each language's table, counts in
/// its plural forms and digits, dates from ICU in its locale; Arabic and Hebrew mirrored.
extension Scenarios {
    /// A locale for each bundled table, and the pseudo-locales.
    static let languageLocales = ["ar_EG", "de_DE", "es_ES", "fr_FR", "he_IL", "hi_IN", "it_IT", "ja_JP", "ko_KR", "nl_NL", "pl_PL",
                                  "pt_BR", "ru_RU", "tr_TR", "uk_UA", "zh_CN", "zh_TW", "en_XA", "ar_XB"]

    static let languages: [Scenario] = languageLocales.flatMap { locale -> [Scenario] in
        let tag = locale.lowercased().replacingOccurrences(of: "_", with: "-")
        return [
            Scenario(name: "sample-\(tag)-w40", document: "sample.json", width: 40, overrides: .init(locale: locale)),
            Scenario(name: "threads-inbox-\(tag)-w40", document: "threads-inbox.json", width: 40, threadList: true,
                     overrides: .init(locale: locale)),
        ]
    }
}
