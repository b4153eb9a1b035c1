import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Inputs the fuzz targets (Fuzz/, FUZZING.md) found to break an invariant of the text
/// engine, with the behaviour that is right.
struct TextEngineFuzzRegressionTests {
    private let engine = ICUTextEngine()

    /// FuzzPipeline, crash-94d3a127: a cut made inside an embedding or isolate dropped its
    /// closer with the rest of the text; the closers now come after the ellipsis, which stays at
    /// the cut (for right-to-left text, at its left end).
    @Test func truncate_closesTheBidiControlsItCutsOff() {
        let rlo = "\u{202E}", pdf = "\u{202C}", rli = "\u{2067}", pdi = "\u{2069}"
        #expect(engine.truncate(rlo + "gnp.exe — still inside" + pdf, width: 12) == rlo + "gnp.exe — s…" + pdf)
        #expect(engine.truncate(rli + "שלום " + rlo + "עולם" + pdf + pdi + " ok", width: 7) == rli + "שלום " + rlo + "ע…" + pdf + pdi)
        // Nothing cut, nothing added.
        #expect(engine.truncate(rlo + "abc" + pdf, width: 3) == rlo + "abc" + pdf)
    }
}

extension TextEngineFuzzRegressionTests {
    /// FuzzTextEngine, crash-432faee9: the first fix for the above neutralised the kept part,
    /// which turned zero-width controls of text given as it is into one-cell Control Pictures,
    /// wider than the width. Only the bidi closers are added.
    @Test func truncate_changesNothingButTheCutAndTheClosers() {
        let text = "\u{FFFD}\u{0}\u{6}\u{FFFD}\u{647}"
        let truncated = engine.truncate(text, width: 2)
        #expect(truncated == "\u{FFFD}\u{0}\u{6}…")
        #expect(engine.width(of: truncated) <= 2)
    }
}

extension TextEngineFuzzRegressionTests {
    /// FuzzTextEngine, crash-c770ba49 ("…,\u{FFFD}\u{202C}ᄏ\u{202C}ᄀu?" at width 8): dropping
    /// the PDFs from the drawn line put two Hangul leading jamo side by side, which segment as
    /// one cluster two cells wide: the line said 5 cells and drew 3. The display keeps the
    /// measured clusters apart with a ZERO WIDTH SPACE.
    @Test func droppedBidiControls_doNotJoinTheClustersTheySeparated() {
        let line = engine.wrap("\u{FFFD}\u{202C}ᄏ\u{202C}ᄀ", width: 8).lines
        #expect(line.map(\.display) == ["\u{FFFD}ᄏ\u{200B}ᄀ"])
        #expect(line.map(\.width) == [5])
        #expect(engine.width(of: line[0].display) == 5)
    }

    /// The same join made a line wider than it measured, which could overflow its bubble: a
    /// text-style heart and a VS16 kept apart by a PDF became one emoji-style heart.
    @Test func droppedBidiControls_doNotMakeALineWiderThanMeasured() {
        let wrapped = engine.wrap("x\u{2764}\u{202C}\u{FE0F}", width: 2)
        #expect(wrapped.lines.map(\.display) == ["x\u{2764}\u{200B}\u{FE0F}"])
        #expect(wrapped.lines.map(\.width) == [2])
        #expect(engine.width(of: wrapped.lines[0].display) == 2)
    }

    /// Clusters that stay apart without the control need nothing between them.
    @Test func droppedBidiControls_betweenSeparateClusters_leaveNoTrace() {
        #expect(engine.wrap("ab\u{202C}c", width: 8).lines.map(\.display) == ["abc"])
    }
}
