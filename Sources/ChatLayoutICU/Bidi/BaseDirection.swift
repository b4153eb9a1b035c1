import ChatLayoutKit

extension ICUTextEngine {
    /// The base direction of `text`: that of its first strong character outside isolates
    /// (UAX #9 P2–P3), left to right when it has none — the direction ``wrap(_:width:)``
    /// gives. For measurers in other units that follow this engine's rules.
    public func baseDirection(of text: String) -> TextDirection {
        BidiReorderer.baseDirection(AnalyzedText(text))
    }
}
