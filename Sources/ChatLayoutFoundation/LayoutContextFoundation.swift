import ChatLayoutKit
import Foundation

extension LayoutContext {
    /// A context from Foundation's values, all passed in: the library still never reads the
    /// machine's clock, locale or time zone, so pass `Date()`, `Locale.current` or
    /// `TimeZone.current` here yourself if that is what you mean.
    ///
    /// The locale is held by its ICU identifier ("en_US", "ja_JP@calendar=japanese") and the
    /// time zone by its identifier ("Europe/Berlin"), as `LayoutContext` holds them.
    ///
    /// ```swift
    /// let context = LayoutContext(currentUserID: "leia", now: Date(timeIntervalSince1970: 1_709_632_800),
    ///                             timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "de_DE"))
    /// ```
    public init(currentUserID: String? = nil, now: Date, timeZone: TimeZone, locale: Locale, translationLanguage: String? = nil) {
        self.init(currentUserID: currentUserID, now: Timestamp(now), timeZone: timeZone.identifier,
                  locale: locale.identifier(.icu), translationLanguage: translationLanguage)
    }
}
