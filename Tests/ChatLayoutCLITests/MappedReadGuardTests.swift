#if canImport(Glibc)
import Glibc
#endif
@testable import chat_layout
import Testing

/// A mapped document cut shorter while it is read faults with SIGBUS; while it is decoded,
/// `chat-layout` turns that into an error naming the file (exit 2), not a crash. Checked in a
/// child process, which raises the signal inside the guard.
struct MappedReadGuardTests {
    @Test func aFaultWhileAMappedDocumentIsRead_isAnErrorNamingTheFile() throws {
        var pipe: [Int32] = [0, 0]
        #expect(Glibc.pipe(&pipe) == 0)
        let child = fork()
        if child == 0 {
            dup2(pipe[1], 2)
            MappedReadGuard.run(name: "big.json", isMapped: true) { _ = raise(SIGBUS) }
            _exit(0) // not reached when the guard works
        }
        close(pipe[1])
        var status: Int32 = 0
        waitpid(child, &status, 0)
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(pipe[0], &buffer, buffer.count)
        close(pipe[0])
        let exited = status & 0x7F == 0
        #expect(exited, "the child was killed by signal \(status & 0x7F)")
        #expect((status >> 8) & 0xFF == 2)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
                == "chat-layout: big.json: the file was cut shorter while it was read\n")
    }

    @Test func withoutAMapping_theSignalIsLeftAlone() {
        #expect(MappedReadGuard.run(name: "small.json", isMapped: false) { 7 } == 7)
        // The handler before it (the test runner's crash handler) is back after a guarded run.
        let before = signal(SIGBUS, SIG_DFL)
        signal(SIGBUS, before)
        MappedReadGuard.run(name: "big.json", isMapped: true) {}
        let after = signal(SIGBUS, before)
        #expect(unsafeBitCast(after, to: Int.self) == unsafeBitCast(before, to: Int.self))
    }
}
