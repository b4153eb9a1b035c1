import Foundation
import Testing

/// Issue 18: the text tools answer each line as it arrives, in bounded memory (they used to
/// read standard input to its end first: `yes | chat-layout text width | head` never
/// answered, and an endless line filled memory).
struct TextToolsStreamingTests {
    @Test func answers_comeBeforeTheEndOfInput() throws {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["text", "width"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let answers = output.fileHandleForReading.fileDescriptor
        _ = fcntl(answers, F_SETFL, fcntl(answers, F_GETFL) | O_NONBLOCK)
        // Lines go in until the first answer comes out, or until 8 MiB went in without one (a
        // program that waits for the end of its input): bounded by data, not by time.
        let line = Data("abc\n".utf8)
        var written = 0, received = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while received.isEmpty && written < 8 << 20 {
            try input.fileHandleForWriting.write(contentsOf: line)
            written += line.count
            let got = read(answers, &buffer, buffer.count)
            if got > 0 { received.append(contentsOf: buffer[..<got]) }
        }
        let answeredBeforeTheEnd = !received.isEmpty
        try input.fileHandleForWriting.close()
        _ = fcntl(answers, F_SETFL, fcntl(answers, F_GETFL) & ~O_NONBLOCK)
        received.append(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(answeredBeforeTheEnd, "no answer before the end of input, after \(written) bytes")
        #expect(process.terminationStatus == 0)
        // Every line answered, in order.
        #expect(received == Data(String(repeating: "3\n", count: written / line.count).utf8))
    }

    @Test func lineLongerThanTheLimit_isBadInput() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["CHAT_LAYOUT_MAX_DOCUMENT_BYTES"] = "1000"
        // An endless line: the address space is capped, so that a program reading it whole
        // fails there instead of taking the machine's memory.
        let endless = try SpawnedCLI.run(["text", "width"], stdin: .path("/dev/zero"), memoryLimitGiB: 2, environment: environment)
        #expect(endless.exitCode == 1)
        #expect(endless.stderr == "chat-layout: <stdin>: line 1 longer than 1000 bytes (CHAT_LAYOUT_MAX_DOCUMENT_BYTES), the most chat-layout reads\n")
        // The lines before it are answered; a line of exactly the limit is a line.
        let input = "a\n" + String(repeating: "b", count: 1000) + "\n" + String(repeating: "c", count: 1001) + "\nd\n"
        let third = try SpawnedCLI.run(["text", "width"], stdin: .contents(Data(input.utf8)), environment: environment)
        #expect(third.exitCode == 1)
        #expect(third.stdout == "1\n1000\n")
        #expect(third.stderr.contains("<stdin>: line 3 longer than 1000 bytes"), "\(third.stderr)")
    }

    @Test func linesAcrossReads_areWhole() throws {
        // Lines longer than one read (64 KiB); a "\r" that ends the second read when reads take
        // 64 KiB, its "\n" in the next; no final "\n".
        let long = String(repeating: "x", count: 100_000)
        let input = long + "\r\n" + String(repeating: "y", count: (2 << 16) - 100_003) + "\r\n" + long
        let result = try CLIRunner.run(["text", "width"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == "100000\n\((2 << 16) - 100_003)\n100000\n")
    }
}
