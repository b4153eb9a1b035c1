/// Whether a line may, must or must not break at a position.
enum LineBreakAction: UInt8, Sendable {
    case prohibited
    case allowed
    case mandatory
}

/// Line-break opportunities per UAX #14 (Unicode 15.0), over the property table, with the
/// number tailoring of UAX #14 example 7 that Unicode's own test file uses (LB25).
///
/// Runs of South-East Asian letters (class SA: Thai, Lao, Khmer, Myanmar) break inside by
/// ICU's dictionaries (`DictionaryBreaker`); everywhere else these rules decide.
enum LineBreaker {
    /// One action per position: `actions[i]` is the break before code point `i`;
    /// `actions[0]` is prohibited (LB2) and `actions[count]` mandatory (LB3).
    static func actions(_ text: AnalyzedText, dictionary: DictionaryBreaker? = nil) -> [LineBreakAction] {
        let count = text.count
        return [LineBreakAction](unsafeUninitializedCapacity: count + 1) { actions, initialized in
            withUnsafeTemporaryAllocation(of: LineBreakClass.self, capacity: max(1, count)) { classes in
                fill(actions, classes: classes, text, dictionary: dictionary)
            }
            initialized = count + 1
        }
    }

    /// As ``actions(_:dictionary:)``, written into `actions` (`text.count + 1` of them, left
    /// uninitialised), with `classes` (`text.count` of them) as scratch for the resolved classes.
    static func fill(_ actions: UnsafeMutableBufferPointer<LineBreakAction>, classes: UnsafeMutableBufferPointer<LineBreakClass>,
                     _ text: AnalyzedText, dictionary: DictionaryBreaker?) {
        let count = text.count
        actions.initializeElement(at: 0, to: count == 0 ? .mandatory : .prohibited)
        guard count > 0 else { return }
        actions.initializeElement(at: count, to: .mandatory)
        text.properties.withUnsafeBufferPointer { properties in
            for index in 0 ..< count { classes.initializeElement(at: index, to: resolve(properties[index])) }
            // Exactly as long as the text: LB25 looks ahead to the end of `classes`.
            let classes = UnsafeBufferPointer(rebasing: classes[..<count])
            var state = State()
            state.start(classes[0], properties[0])
            for index in 1 ..< count {
                actions.initializeElement(at: index, to: state.decide(at: index, classes, properties))
            }
        }
        if let dictionary {
            dictionary.refine(actions, text)
        }
    }

    /// LB1: resolve classes that depend on context or are unknown.
    @inline(__always)
    static func resolve(_ properties: CharacterProperties) -> LineBreakClass {
        switch properties.lineBreak {
        case .AI, .SG, .XX: return .AL
        case .SA: return properties.isMark ? .CM : .AL
        case .CJ: return .NS
        default: return properties.lineBreak
        }
    }

    /// What the rules remember of the text before the current position. `decide` is called for
    /// each position in turn, from 1, over the text's resolved classes and properties: buffers
    /// exactly as long as the text, since LB25 looks ahead to the end of `classes`.
    struct State {
        /// The class of the previous character after LB9/LB10 (CM and ZWJ absorbed).
        var previous: LineBreakClass = .XX
        /// The class before `previous` (for LB21a).
        var beforePrevious: LineBreakClass = .XX
        /// When `previous` is SP: the class before the run of spaces (LB8, LB14–LB17).
        var beforeSpaces: LineBreakClass = .XX
        /// Consecutive regional indicators ending at `previous` (LB30a).
        var regionalIndicators = 0
        /// LB25: 1 inside `NU (NU|SY|IS)*`, 2 right after its closing CL/CP.
        var number = 0
        /// The character that gave `previous` its class is East Asian F/W/H (LB30).
        var previousIsEastAsian = false
        /// It is an unassigned Extended_Pictographic code point (LB30b).
        var previousIsUnassignedPictographic = false

        mutating func start(_ first: LineBreakClass, _ properties: CharacterProperties) {
            // LB10 at the start of text: a lone CM or ZWJ is an AL.
            advance(first == .CM || first == .ZWJ ? .AL : first, properties)
        }

        @inline(__always)
        mutating func advance(_ cls: LineBreakClass, _ properties: CharacterProperties) {
            if cls == .SP && previous != .SP { beforeSpaces = previous }
            switch cls {
            case .NU: number = 1
            case .SY, .IS: number = number == 1 ? 1 : 0
            case .CL, .CP: number = number == 1 ? 2 : 0
            default: number = 0
            }
            regionalIndicators = cls == .RI ? regionalIndicators + 1 : 0
            beforePrevious = previous
            previous = cls
            previousIsEastAsian = properties.isEastAsianFWH
            previousIsUnassignedPictographic = properties.isExtendedPictographic && properties.isUnassigned
        }

        /// The class before a run of spaces, or the previous class when there is no run.
        private var beforeOptionalSpaces: LineBreakClass { previous == .SP ? beforeSpaces : previous }

        @inline(__always)
        mutating func decide(
            at index: Int, _ classes: UnsafeBufferPointer<LineBreakClass>, _ properties: UnsafeBufferPointer<CharacterProperties>
        ) -> LineBreakAction {
            decide(raw: classes[index - 1], current: classes[index], properties[index]) {
                Self.nextIsNumber(after: index, classes)
            }
        }

        /// The break before a code point of class `current` (resolved, LB1) and `properties`,
        /// after one of class `raw`; `nextIsNumber` says whether the next code point after the
        /// current one, past combining marks, is NU (LB25; asked only after PR or PO).
        @inline(__always)
        mutating func decide(raw: LineBreakClass, current: LineBreakClass, _ properties: CharacterProperties,
                             nextIsNumber: () -> Bool) -> LineBreakAction {
            if let action = decideCommon(raw: raw, current: current, properties) { return action }
            return decideByRules(raw: raw, current: current, properties, nextIsNumber: nextIsNumber)
        }

        /// The commonest steps, which the rules below would decide alike after many tests; nil
        /// (the state untouched) for any other.
        @inline(__always)
        mutating func decideCommon(raw: LineBreakClass, current: LineBreakClass, _ properties: CharacterProperties) -> LineBreakAction? {
            // A letter after a letter (the commonest step): none of LB4–LB10 applies, and LB28
            // keeps them together (`pair`'s first test).
            // So too after a mark or joiner the letter absorbed (LB9; after a joiner LB8a
            // prohibits the break as well).
            if (current == .AL || current == .HL) && (previous == .AL || previous == .HL)
                && (raw == .AL || raw == .HL || raw == .CM || raw == .ZWJ) {
                advance(current, properties)
                return .prohibited
            }
            // A digit after a digit (or a mark or joiner one absorbed): none of LB4–LB24 applies,
            // and LB25 keeps them together (the number state is 1 after NU).
            if current == .NU && previous == .NU && (raw == .NU || raw == .CM || raw == .ZWJ) {
                advance(current, properties)
                return .prohibited
            }
            // A mark or joiner after anything but a hard break (LB4, LB5), a space or ZW (LB6–
            // LB8): absorbed by what it follows (LB9), the state unchanged.
            if (current == .CM || current == .ZWJ) && previous != .SP && previous != .ZW
                && raw != .BK && raw != .CR && raw != .LF && raw != .NL {
                return .prohibited
            }
            // A letter or digit right after an opening bracket: LB4–LB10 do not apply (`raw` is
            // OP), LB14 keeps them together (OP SP* ×).
            if raw == .OP && previous == .OP && (current == .AL || current == .HL || current == .NU) {
                advance(current, properties)
                return .prohibited
            }
            // A space after a letter (LB7) and a letter or number after spaces (the next
            // commonest): LB4–LB10 do not apply (`raw` is no hard break, ZWJ or ZW) and of
            // LB11–LB17 only LB14 can apply (OP SP* ×); then LB18 (SP ÷). LB8 (ZW SP* ÷) would
            // allow the break too.
            if current == .SP && (raw == .AL || raw == .HL) {
                advance(current, properties)
                return .prohibited
            }
            // Ideographs and Hangul syllables after one another (CJK text): LB4–LB30b say
            // nothing of these pairs (LB26 only of jamo), LB31 allows the break.
            if (current == .ID || current == .H2 || current == .H3) && (raw == .ID || raw == .H2 || raw == .H3) {
                advance(current, properties)
                return .allowed
            }
            if raw == .SP && previous == .SP && (current == .AL || current == .HL || current == .NU) {
                let action: LineBreakAction = beforeSpaces == .OP ? .prohibited : .allowed
                advance(current, properties)
                return action
            }
            // Closing punctuation, "!", "?", ",", ".", "/" (LB13): kept to what precedes them but
            // after a hard break (LB4, LB5) or ZW SP* (LB8); LB8a (ZWJ ×), LB11 (WJ ×) and LB12
            // (GL ×), the only rules between, prohibit the break too.
            switch current {
            case .CL, .CP, .EX, .IS, .SY:
                let action: LineBreakAction
                switch raw {
                case .BK, .CR, .LF, .NL: action = .mandatory
                default: action = beforeOptionalSpaces == .ZW ? .allowed : .prohibited
                }
                advance(current, properties)
                return action
            default: return nil
            }
        }

        /// LB4–LB31 in order (`decide` after `decideCommon` gave nil; the fast path calls it so
        /// itself, not to try `decideCommon` twice).
        mutating func decideByRules(raw: LineBreakClass, current: LineBreakClass, _ properties: CharacterProperties,
                                            nextIsNumber: () -> Bool) -> LineBreakAction {
            var current = current
            // LB4, LB5: after hard line breaks.
            switch raw {
            case .BK, .LF, .NL:
                advance(current == .CM || current == .ZWJ ? .AL : current, properties)
                return .mandatory
            case .CR:
                advance(current == .CM || current == .ZWJ ? .AL : current, properties)
                return current == .LF ? .prohibited : .mandatory
            default: break
            }
            // LB6, LB7.
            switch current {
            case .BK, .CR, .LF, .NL, .SP, .ZW:
                advance(current, properties)
                return .prohibited
            default: break
            }
            // LB8: ZW SP* ÷
            if beforeOptionalSpaces == .ZW {
                advance(current == .CM || current == .ZWJ ? .AL : current, properties)
                return .allowed
            }
            // LB8a: ZWJ ×
            let afterZWJ = raw == .ZWJ
            // LB9: X (CM | ZWJ)* → X, for X not BK CR LF NL SP ZW.
            if current == .CM || current == .ZWJ {
                if previous != .SP && previous != .ZW {
                    return .prohibited // absorbed: the state stays that of X
                }
                current = .AL // LB10
            }
            let action: LineBreakAction = afterZWJ ? .prohibited : pair(current, properties, nextIsNumber)
            advance(current, properties)
            return action
        }

        /// LB11–LB31 for the effective classes `previous` and `current`.
        private func pair(
            _ current: LineBreakClass, _ properties: CharacterProperties, _ nextIsNumber: () -> Bool
        ) -> LineBreakAction {
            let before = previous
            // LB28 first for the commonest pair, letters beside letters: no rule above it
            // applies to (AL | HL) (AL | HL) (none names either class, LB14–LB17 read the class
            // before spaces, here a letter, and LB25's number state is reset by a letter).
            if (before == .AL || before == .HL) && (current == .AL || current == .HL) { return .prohibited }
            let beforeSpaces = beforeOptionalSpaces
            // LB11
            if current == .WJ || before == .WJ { return .prohibited }
            // LB12, LB12a
            if before == .GL { return .prohibited }
            if current == .GL && before != .SP && before != .BA && before != .HY { return .prohibited }
            // LB13
            switch current {
            case .CL, .CP, .EX, .IS, .SY: return .prohibited
            default: break
            }
            // LB14: OP SP* ×
            if beforeSpaces == .OP { return .prohibited }
            // LB15: QU SP* × OP
            if current == .OP && beforeSpaces == .QU { return .prohibited }
            // LB16: (CL | CP) SP* × NS
            if current == .NS && (beforeSpaces == .CL || beforeSpaces == .CP) { return .prohibited }
            // LB17: B2 SP* × B2
            if current == .B2 && beforeSpaces == .B2 { return .prohibited }
            // LB18: SP ÷
            if before == .SP { return .allowed }
            // LB19
            if current == .QU || before == .QU { return .prohibited }
            // LB20
            if current == .CB || before == .CB { return .allowed }
            // LB21
            switch current {
            case .BA, .HY, .NS: return .prohibited
            default: break
            }
            if before == .BB { return .prohibited }
            // LB21a: HL (HY | BA) ×
            if (before == .HY || before == .BA) && beforePrevious == .HL { return .prohibited }
            // LB21b: SY × HL
            if before == .SY && current == .HL { return .prohibited }
            // LB22
            if current == .IN { return .prohibited }
            switch (before, current) {
            // LB23
            case (.AL, .NU), (.HL, .NU), (.NU, .AL), (.NU, .HL): return .prohibited
            // LB23a
            case (.PR, .ID), (.PR, .EB), (.PR, .EM), (.ID, .PO), (.EB, .PO), (.EM, .PO): return .prohibited
            // LB24
            case (.PR, .AL), (.PR, .HL), (.PO, .AL), (.PO, .HL),
                 (.AL, .PR), (.AL, .PO), (.HL, .PR), (.HL, .PO): return .prohibited
            // LB25 (example 7): (PR | PO) × (OP | HY)? NU, (OP | HY) × NU
            case (.PR, .NU), (.PO, .NU), (.OP, .NU), (.HY, .NU): return .prohibited
            case (.PR, .OP), (.PR, .HY), (.PO, .OP), (.PO, .HY):
                if nextIsNumber() { return .prohibited }
            default: break
            }
            // LB25: NU (NU | SY | IS)* × (NU | SY | IS | CL | CP); … (CL | CP)? × (PO | PR)
            if number == 1 {
                switch current {
                case .NU, .SY, .IS, .CL, .CP, .PO, .PR: return .prohibited
                default: break
                }
            }
            if number == 2 && (current == .PO || current == .PR) { return .prohibited }
            switch (before, current) {
            // LB26
            case (.JL, .JL), (.JL, .JV), (.JL, .H2), (.JL, .H3),
                 (.JV, .JV), (.JV, .JT), (.H2, .JV), (.H2, .JT),
                 (.JT, .JT), (.H3, .JT): return .prohibited
            // LB27
            case (.JL, .PO), (.JV, .PO), (.JT, .PO), (.H2, .PO), (.H3, .PO),
                 (.PR, .JL), (.PR, .JV), (.PR, .JT), (.PR, .H2), (.PR, .H3): return .prohibited
            // LB28
            case (.AL, .AL), (.AL, .HL), (.HL, .AL), (.HL, .HL): return .prohibited
            // LB29
            case (.IS, .AL), (.IS, .HL): return .prohibited
            // LB30
            case (.AL, .OP), (.HL, .OP), (.NU, .OP):
                if !properties.isEastAsianFWH { return .prohibited }
            case (.CP, .AL), (.CP, .HL), (.CP, .NU):
                if !previousIsEastAsian { return .prohibited }
            // LB30a
            case (.RI, .RI):
                if regionalIndicators % 2 == 1 { return .prohibited }
            // LB30b
            case (.EB, .EM): return .prohibited
            default: break
            }
            if current == .EM && previousIsUnassignedPictographic { return .prohibited }
            return .allowed // LB31
        }

        /// LB25's lookahead: the next character after `index`, skipping the combining marks
        /// that attach to it (LB9), is NU.
        static func nextIsNumber(after index: Int, _ classes: UnsafeBufferPointer<LineBreakClass>) -> Bool {
            var next = index + 1
            while next < classes.count, classes[next] == .CM || classes[next] == .ZWJ { next += 1 }
            return next < classes.count && classes[next] == .NU
        }
    }
}
