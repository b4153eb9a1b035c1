import ChatLayoutKit

/// A folder's results as a JUnit XML report, which CI systems (GitHub Actions, GitLab,
/// Jenkins, Buildkite) show as test results: one test case per drawing, a failure with the
/// unified diff for a drawing that differs or is missing, an error for a payload that cannot
/// be drawn.
public enum JUnitReport {
    /// The report of `results`, as one test suite named `suiteName`.
    public static func xml(_ results: [GoldenFolder.Result], suiteName: String) -> String {
        var failures = 0, errors = 0
        var cases = ""
        for result in results {
            // Names from the folder are escaped whole (a line feed in a file name stays visible).
            let name = escape(UntrustedText.escaped(result.drawingName)), className = escape(UntrustedText.escaped(suiteName))
            let path = UntrustedText.escaped(result.drawingPath)
            cases += "    <testcase classname=\"\(className)\" name=\"\(name)\""
            switch result.outcome {
            case .success(.matched), .success(.recorded), .success(.rerecorded):
                cases += "/>\n"
            case .success(.missing):
                failures += 1
                cases += ">\n      <failure message=\"missing golden \(escape(path))\" type=\"missing\"/>\n    </testcase>\n"
            case .success(.differs(let difference)):
                failures += 1
                let message = "differs at line \(difference.line), column \(difference.column)"
                let diff = difference.unifiedDiff(expectedLabel: path, actualLabel: path + " (drawn)")
                cases += ">\n      <failure message=\"\(escape(message))\" type=\"differs\">\(escape(diff, attribute: false))</failure>\n    </testcase>\n"
            case .failure(let error):
                errors += 1
                cases += ">\n      <error message=\"\(escape(error.message))\" type=\"bad input\"/>\n    </testcase>\n"
            }
        }
        let suite = escape(UntrustedText.escaped(suiteName))
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="chat-layout golden" tests="\(results.count)" failures="\(failures)" errors="\(errors)">
              <testsuite name="\(suite)" tests="\(results.count)" failures="\(failures)" errors="\(errors)" skipped="0">
            \(cases)  </testsuite>
            </testsuites>

            """
    }

    /// `text` as an XML 1.0 attribute value or character data: markup characters escaped (and
    /// line breaks, in an attribute),
    /// and the characters XML cannot carry (most C0 controls, lone surrogates cannot occur in
    /// a Swift string, U+FFFE, U+FFFF) replaced by U+FFFD, so that any golden gives valid XML.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped += attribute ? "&#10;" : "\n"
            case "\t": escaped += "&#9;"
            case "\r": escaped += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    escaped.unicodeScalars.append("\u{FFFD}")
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
