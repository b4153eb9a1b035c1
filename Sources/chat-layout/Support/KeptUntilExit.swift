/// Values a command leaves to the process's exit instead of freeing them when it returns: a
/// decoded document of a million messages is a million objects to release one by one, which the
/// exit does at once.
enum KeptUntilExit {
    /// What was kept; never read, never freed.
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `values` until the process exits.
    static func keep(_ values: Any...) {
        kept.append(contentsOf: values)
    }
}
