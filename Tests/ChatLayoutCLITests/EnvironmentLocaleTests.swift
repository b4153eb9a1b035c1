import Foundation
import Testing

/// The locale from the environment, when neither the document nor `--locale` gives one: any
/// value of `LC_ALL`, `LC_MESSAGES` or `LANG` is input. One with no name before its encoding or
/// modifier names no locale (as "C" names none) and falls back to en_US; it never traps.
struct EnvironmentLocaleTests {
    /// A document with no locale of its own.
    private static let document = #"""
        {"channel": {"cid": "messaging:general", "member_count": 4},
         "messages": [{"id": "a", "text": "hello", "user": {"id": "x"}, "created_at": "2024-03-05T09:00:00Z"}]}
        """#

    private static let flags = ["--width", "40", "--now", "2024-03-05T12:00:00Z", "--time-zone", "UTC"]

    /// `preview` of the document with only `variables` in its environment.
    private func preview(environment variables: [String: String], _ extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(["preview", "-"] + Self.flags + extra, stdin: Data(Self.document.utf8), environment: variables)
    }

    @Test(arguments: [".", "@", "..", ".@", "@.", ".UTF-8", "@euro", "C.UTF-8", "POSIX"])
    func aLocaleVariableWithoutAName_fallsBackToEnglish(value: String) throws {
        let english = try preview(environment: [:], ["--locale", "en_US"])
        #expect(english.status == 0, "\(english.stderr)")
        for variable in ["LANG", "LC_ALL", "LC_MESSAGES"] {
            let result = try preview(environment: [variable: value])
            #expect(result.status == 0, "\(variable)=\(value): status \(result.status), \(result.stderr.debugDescription)")
            #expect(result.stdout == english.stdout, "\(variable)=\(value)")
        }
    }

    @Test func aNamedLocale_isStillRead_withoutItsEncodingAndModifier() throws {
        let german = try preview(environment: ["LANG": "de_DE.UTF-8@euro"])
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout.contains("4 Mitglieder"), "\(german.stdout)")
        // LC_ALL wins over LANG, even when it names no locale.
        let overridden = try preview(environment: ["LC_ALL": ".@", "LANG": "de_DE.UTF-8"])
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(overridden.stdout.contains("4 members"), "\(overridden.stdout)")
    }

    @Test func anUnknownLocaleName_isAClearErrorNamingTheEnvironment() throws {
        let result = try preview(environment: ["LANG": "qq_ZZ.UTF-8"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the environment (LC_ALL, LC_MESSAGES or LANG): unknown locale 'qq_ZZ'"), "\(result.stderr)")
    }
}
