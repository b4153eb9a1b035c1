/// Why a document's context could not be completed into a ``LayoutContext``: it gives no
/// `now`, `time_zone` or `locale`, and neither do the defaults. The library never takes the
/// machine's clock, zone or locale instead.
public struct IncompleteContextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The missing fields, by their document names, in the order `now`, `time_zone`, `locale`.
    public var missing: [String]

    /// An error naming the missing fields.
    public init(missing: [String]) { self.missing = missing }

    /// "the context gives no now, time_zone: give them in the document's context or as defaults".
    public var description: String {
        "the context gives no \(missing.joined(separator: ", ")): give \(missing.count == 1 ? "it" : "them") in the document's context or as defaults"
    }
}

extension DocumentContext {
    /// The context to lay out in, in one call: each field as the document wrote it, else
    /// `defaults`' (the app's clock, the CLI's flags, a test's fixed instant).
    ///
    /// ```swift
    /// let decoded = try ConversationDecoder.decode(bytes)
    /// let context = try decoded.context.completed(defaults: DocumentContext(now: now, timeZone: "UTC", locale: "en_US"))
    /// ```
    ///
    /// To make given values win over the document's, apply them first:
    /// `decoded.context.overriding(DocumentContext(locale: "de_DE")).completed()`.
    ///
    /// - Throws: ``IncompleteContextError`` naming what neither gives of `now`, `time_zone` and
    ///   `locale`.
    public func completed(defaults: DocumentContext = DocumentContext()) throws(IncompleteContextError) -> LayoutContext {
        let merged = defaults.overriding(self)
        guard let now = merged.now, let timeZone = merged.timeZone, let locale = merged.locale else {
            throw IncompleteContextError(missing: [merged.now == nil ? "now" : nil, merged.timeZone == nil ? "time_zone" : nil,
                                                   merged.locale == nil ? "locale" : nil].compactMap { $0 })
        }
        return LayoutContext(currentUserID: merged.currentUserID, now: now, timeZone: timeZone, locale: locale,
                             translationLanguage: merged.translationLanguage)
    }

    /// This context with every field `overrides` gives replaced by it (a field it leaves nil
    /// keeps this one's).
    public func overriding(_ overrides: DocumentContext) -> DocumentContext {
        var merged = self
        if let value = overrides.currentUserID {
            merged.currentUserID = value
            merged.currentUserFromMembership = overrides.currentUserFromMembership
        }
        if let value = overrides.now { merged.now = value }
        if let value = overrides.timeZone { merged.timeZone = value }
        if let value = overrides.locale { merged.locale = value }
        if let value = overrides.translationLanguage { merged.translationLanguage = value }
        return merged
    }
}
