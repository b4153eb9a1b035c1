import ArgumentParser
import ChatLayoutKit

/// An enum-valued option whose words may be joined by `-` or `_` alike: documents and golden
/// manifests write `message_list` and `first_message`, command lines are used to
/// `message-list`, and every enum-valued option takes both. The help and the error for an
/// unknown value list each value once, as its raw value spells it.
protocol SpelledEnum: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension SpelledEnum {
    /// The case whose raw value is `argument` with `-` and `_` alike.
    init?(argument: String) {
        let key = Self.spellingKey(argument)
        guard let match = Self.allCases.first(where: { Self.spellingKey($0.rawValue) == key }) else { return nil }
        self = match
    }

    /// `text` with every `_` written `-`.
    static func spellingKey(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: "-")
    }
}

/// `--anchor`: where a jumped-to message lands, a ``ScrollAnchor`` by its name.
enum AnchorFlag: String, SpelledEnum {
    case top, center, bottom

    /// The anchor it names.
    var anchor: ScrollAnchor {
        switch self {
        case .top: .top
        case .center: .center
        case .bottom: .bottom
        }
    }
}
