/// Extended grapheme clusters per UAX #29 (Unicode 15.0), over the property table, with the
/// one tailoring that ICU and CLDR apply: an Indic consonant cluster (aksara) joined by a
/// virama stays one cluster ("क्ष", "গ্র"; rule 9.3 of ICU's `char.txt`, standardised as
/// GB9c in Unicode 15.1). Unicode 15.0's conformance file has no such case, so both agree.
enum GraphemeBreaker {
    /// The start offset of every cluster, ascending, followed by `text.count`. Empty text gives
    /// `[0]`.
    static func boundaries(_ text: AnalyzedText) -> [Int] {
        [Int](unsafeUninitializedCapacity: text.count + 1) { buffer, initialized in
            initialized = fill(buffer.baseAddress!, text)
        }
    }

    /// As ``boundaries(_:)``, written into `boundaries` (room for `text.count + 1`, left
    /// uninitialised): how many it wrote.
    static func fill(_ boundaries: UnsafeMutablePointer<Int>, _ text: AnalyzedText) -> Int {
        text.properties.withUnsafeBufferPointer { properties in
            boundaries.initialize(to: 0)
            var found = 1
            guard !properties.isEmpty else { return found }
            var previous = properties[0].graphemeBreak
            // GB11: inside "ExtPict Extend*" (1), or right after its ZWJ (2).
            var pictographicState = properties[0].isExtendedPictographic ? 1 : 0
            var regionalIndicators = previous == .regionalIndicator ? 1 : 0
            // Rule 9.3: 1 after "LinkingConsonant ExtCccZwj*", 2 after "… Virama ExtCccZwj*".
            var aksaraState = properties[0].isLinkingConsonant ? 1 : 0

            for index in 1 ..< properties.count {
                let current = properties[index].graphemeBreak
                let isPictographic = properties[index].isExtendedPictographic
                let joinsAksara = aksaraState == 2 && properties[index].isLinkingConsonant
                // Two code points of property Other (most letters) always part (GB999; no rule
                // before it names Other on both sides), but for an aksara (GB9c, checked first).
                let parts = previous == .other && current == .other
                    || isBoundary(previous, current, isPictographic, pictographicState, regionalIndicators)
                if !joinsAksara && parts {
                    (boundaries + found).initialize(to: index)
                    found += 1
                }
                if properties[index].isLinkingConsonant {
                    aksaraState = 1
                } else if aksaraState > 0 && properties[index].isVirama {
                    aksaraState = 2
                } else if aksaraState > 0 && properties[index].isExtendCombiningOrZWJ {
                    // stays
                } else {
                    aksaraState = 0
                }
                switch current {
                case .regionalIndicator: regionalIndicators += 1
                default: regionalIndicators = 0
                }
                if isPictographic {
                    pictographicState = 1
                } else if pictographicState == 1 && current == .extend {
                    pictographicState = 1
                } else if pictographicState == 1 && current == .zwj {
                    pictographicState = 2
                } else {
                    pictographicState = 0
                }
                previous = current
            }
            (boundaries + found).initialize(to: properties.count)
            return found + 1
        }
    }

    /// Whether a cluster ending with `last` and one beginning with `first`, put side by side,
    /// stay two clusters whatever precedes `last` (false: they might run into one, and only
    /// segmenting the pair tells). The rules that look further back (GB9c, GB11, GB12–13)
    /// only ever join, so they are assumed to join here.
    static func alwaysBreaks(after last: CharacterProperties, before first: CharacterProperties) -> Bool {
        if first.isLinkingConsonant && (last.isVirama || last.isExtendCombiningOrZWJ) { return false }
        return isBoundary(last.graphemeBreak, first.graphemeBreak, first.isExtendedPictographic, 2, 1)
    }

    @inline(__always)
    static func isBoundary(
        _ previous: GraphemeBreakProperty, _ current: GraphemeBreakProperty,
        _ currentIsPictographic: Bool, _ pictographicState: Int, _ regionalIndicators: Int
    ) -> Bool {
        switch (previous, current) {
        case (.cr, .lf): return false                                  // GB3
        case (.control, _), (.cr, _), (.lf, _): return true            // GB4
        case (_, .control), (_, .cr), (_, .lf): return true            // GB5
        case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt): return false   // GB6
        case (.lv, .v), (.lv, .t), (.v, .v), (.v, .t): return false    // GB7
        case (.lvt, .t), (.t, .t): return false                        // GB8
        case (_, .extend), (_, .zwj): return false                     // GB9
        case (_, .spacingMark): return false                           // GB9a
        case (.prepend, _): return false                               // GB9b
        case (.zwj, _) where currentIsPictographic && pictographicState == 2:
            return false                                               // GB11
        case (.regionalIndicator, .regionalIndicator):
            return regionalIndicators % 2 == 0                         // GB12, GB13
        default: return true                                           // GB999
        }
    }
}
