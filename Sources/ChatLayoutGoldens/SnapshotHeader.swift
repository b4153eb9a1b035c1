import ChatLayoutICU
import ChatLayoutKit
import ChatLayoutTextRenderer

/// What a golden's header says about the settings and the environment a drawing was made
/// with, beyond the document, the width and the context: every value that is not the default.
extension LayoutSnapshot {
    /// The settings of `config` that are not `baseline`'s — the configuration the document
    /// itself gives, else `MessageListConfig()` — as "name value" (a
    /// nested option as "displayOptions.showAvatars false"), in declaration order. Left out:
    /// the date indicator placement, which the header always names; the thread view's options
    /// except on a thread view, where its presentation and starting point are named already;
    /// and the message list type, on which no rule depends.
    static func changedSettings(_ config: MessageListConfig, from baseline: MessageListConfig = MessageListConfig(),
                                screen: Screen) -> [String] {
        var skipped: Set<String> = ["dateIndicatorPlacement", "messageListType", "threadView.parentPresentation", "threadView.startingPoint"]
        if case .threadView = screen {} else { skipped.insert("threadView") }
        return differences(config, baseline, prefix: "", skipping: skipped)
    }

    /// The environment's line: its measurer, formatter, presentation, and the words and
    /// lengths that are not the defaults for its locale and configuration.
    static func describe(_ environment: LayoutEnvironment) -> String {
        var parts = ["measurer \(typeName(environment.measurer))", "formatter \(typeName(environment.formatter))",
                     "presentation \(typeName(environment.presentation))"]
        let standard = Metrics.cells(for: environment.config)
        if drawsInCells(environment) {
            let metrics = differences(environment.metrics, standard, prefix: "", skipping: [])
            if !metrics.isEmpty { parts.append("metrics " + metrics.joined(separator: ", ")) }
        } else {
            parts.append("metrics in points, line height \(environment.metrics.lineHeight)")
        }
        if let defaults = try? LayoutEnvironment(config: environment.config, context: environment.context,
                                                 formatter: environment.formatter, measurer: environment.measurer) {
            let words = differences(environment.strings, defaults.strings, prefix: "", skipping: [], values: false)
            if !words.isEmpty { parts.append("strings " + words.joined(separator: ", ")) }
        }
        return "environment: " + parts.joined(separator: " · ")
    }

    /// Whether the environment lays out in the text renderer's cells: the ICU engine measures,
    /// a line is one row.
    static func drawsInCells(_ environment: LayoutEnvironment) -> Bool {
        environment.measurer is ICUTextEngine && environment.metrics.lineHeight == 1
    }

    /// The name of a value's type, without its module ("ICUTextEngine").
    static func typeName(_ value: Any) -> String {
        String(describing: type(of: value))
    }

    /// The stored properties of `value` that differ from `standard`'s, found by reflection so
    /// that a setting added later is named too: "name value", or the name alone without
    /// `values` (words, which may be long).
    static func differences(_ value: Any, _ standard: Any, prefix: String, skipping: Set<String>, values: Bool = true) -> [String] {
        let standardChildren = Dictionary(Mirror(reflecting: standard).children.compactMap { child in
            child.label.map { ($0, child.value) }
        }, uniquingKeysWith: { first, _ in first })
        var found: [String] = []
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            let name = prefix + label
            guard !skipping.contains(name), let other = standardChildren[label] else { continue }
            // Equal values (by Hashable where they have it: a dictionary's description has no
            // fixed order) are left out.
            if let a = child.value as? AnyHashable, let b = other as? AnyHashable, a == b { continue }
            let text = headerValue(child.value), standardText = headerValue(other)
            guard text != standardText else { continue }
            let mirror = Mirror(reflecting: child.value)
            if mirror.displayStyle == .struct && !mirror.children.isEmpty {
                found += differences(child.value, other, prefix: name + ".", skipping: skipping, values: values)
            } else {
                found.append(values ? "\(name) \(text)" : name)
            }
        }
        return found
    }

    /// A value as the header writes it: an optional unwrapped ("nil" when empty), an enum with
    /// a raw value by it (`same_minute`, as documents spell it).
    private static func headerValue(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return "nil" }
            return headerValue(wrapped)
        }
        if let raw = value as? any RawRepresentable { return String(describing: raw.rawValue) }
        return String(describing: value)
    }
}
