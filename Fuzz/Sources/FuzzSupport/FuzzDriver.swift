import CFuzzDriver
import Glibc

/// Runs libFuzzer on a target. SwiftPM links every executable target with its own `main`
/// (the module's entry point), so the targets cannot use libFuzzer's `main`; each calls this
/// from its `@main` type instead, with its `LLVMFuzzerTestOneInput`.
public enum FuzzDriver {
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    public static func run(_ testOneInput: TestOneInput) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
