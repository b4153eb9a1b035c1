import Foundation
import Testing

/// An app that depends on the package for its libraries resolves none of the command line's
/// dependencies: the executables are not products, so SwiftPM leaves swift-argument-parser out.
struct LibraryUsersTests {
    @Test func anAppUsingTheLibraries_resolvesNoOtherPackage() throws {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("chat-layout-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/App"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: app) }
        let manifest = """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [.package(name: "ChatLayoutKit", path: \(String(reflecting: CLIRunner.repository.path)))],
                targets: [.executableTarget(name: "App", dependencies: [
                    .product(name: "ChatLayoutKit", package: "ChatLayoutKit"),
                    .product(name: "ChatLayoutICU", package: "ChatLayoutKit"),
                    .product(name: "ChatLayoutGoldenTesting", package: "ChatLayoutKit"),
                ])]
            )
            """
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import ChatLayoutKit\n".write(to: app.appendingPathComponent("Sources/App/main.swift"), atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", app.path, "show-dependencies", "--format", "json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        // The app's dependencies, and theirs: only ChatLayoutKit, which depends on nothing resolved.
        let tree = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let dependencies = try #require(tree["dependencies"] as? [[String: Any]])
        #expect(dependencies.map { $0["name"] as? String } == ["ChatLayoutKit"])
        let theirs = (dependencies.first?["dependencies"] as? [[String: Any]] ?? []).compactMap { $0["url"] as? String }
        #expect(theirs.isEmpty, "an app resolves \(theirs)")
    }
}
