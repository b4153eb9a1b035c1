import Foundation

/// Headless Chromium for the tests that check drawings in a real browser: the binary on
/// `PATH`, and the repository's scripts that drive it. Tests that need it are skipped, saying
/// so, where it is not installed (`Scripts/test.sh` installs it).
public enum Chromium {
    /// The Chromium binary on `PATH`, if any.
    public static let path: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    /// The repository's root.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `Scripts/<script>` with `arguments` under bash, with this Chromium: its exit status
    /// and its standard output and error together.
    public static func runScript(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [repository.appendingPathComponent("Scripts/\(script)").path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["CHROMIUM"] = path
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
