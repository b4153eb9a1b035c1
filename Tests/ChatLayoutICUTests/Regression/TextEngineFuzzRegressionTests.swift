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
