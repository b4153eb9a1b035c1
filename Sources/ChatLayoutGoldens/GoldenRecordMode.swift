import Foundation

/// What a golden run records, from the environment variable `GOLDEN_RECORD`.
///
/// A run that records fails all the same, so that a new or changed drawing is read before it
/// is trusted; on CI (`CI=true`) nothing is ever recorded, whatever `GOLDEN_RECORD` says.
public enum GoldenRecordMode: String, CaseIterable, Hashable, Sendable {
    /// Goldens that do not exist yet are recorded (the default locally).
    case missing
    /// Every golden is recorded again: those that differ are rewritten, new ones written.
    case all
    /// Goldens that differ are recorded again, missing ones written.
    case failed
    /// Nothing is recorded: a missing golden fails (always when `CI=true`).
    case never

    /// The mode the environment asks for: `never` when `CI` is `true`, else `GOLDEN_RECORD`
    /// (`missing`, `all`, `failed` or `never`), else `missing`. An unknown `GOLDEN_RECORD` is
    /// `missing`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> GoldenRecordMode {
        if isContinuousIntegration(environment) { return .never }
        return environment["GOLDEN_RECORD"].flatMap(GoldenRecordMode.init(rawValue:)) ?? .missing
    }

    /// Whether `environment` is a CI run (`CI=true`), where goldens are never recorded.
    public static func isContinuousIntegration(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["CI"] == "true"
    }
}
