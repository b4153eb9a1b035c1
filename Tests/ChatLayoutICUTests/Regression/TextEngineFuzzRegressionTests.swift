import ChatLayoutICU
import ChatLayoutKit
import Testing

/// Inputs the fuzz targets (Fuzz/, FUZZING.md) found to break an invariant of the text
/// engine, with the behaviour that is right.
struct TextEngineFuzzRegressionTests {
    private let engine = ICUTextEngine()

    /// FuzzPipeline, crash-94d3a127: a cut made inside an embedding or isolate dropped its
    /// closer with the rest of the text; the closers now come before the ellipsis.
    @Test func truncate_closesTheBidiControlsItCutsOff() {
        let rlo = "\u{202E}", pdf = "\u{202C}", rli = "\u{2067}", pdi = "\u{2069}"
        #expect(engine.truncate(rlo + "gnp.exe — still inside" + pdf, width: 12) == rlo + "gnp.exe — s" + pdf + "…")
        #expect(engine.truncate(rli + "שלום " + rlo + "עולם" + pdf + pdi + " ok", width: 7) == rli + "שלום " + rlo + "ע" + pdf + pdi + "…")
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
