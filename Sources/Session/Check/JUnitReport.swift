/// JUnit XML for CI systems (behaviour.md §19): one `testsuite` named `touchstone check`, a
/// `testcase` per case, `<failure>` for what differed (with the event-log diff), `<error>`
/// for a case that could not be checked.
public enum JUnitReport {
    public static func xml(_ results: [CheckCaseResult]) -> String {
        let failures = results.filter { $0.errors.isEmpty && !$0.failures.isEmpty }.count
        let errors = results.filter { !$0.errors.isEmpty }.count
        let total = results.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(total))\""
        xml += "<testsuites \(counts)>\n"
        xml += "  <testsuite name=\"touchstone check\" \(counts) skipped=\"0\">\n"
        for result in results {
            xml += "    <testcase classname=\"touchstone.check\" name=\"\(escape(result.name))\" time=\"\(seconds(result.seconds))\""
            if result.passed {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            if !result.errors.isEmpty {
                let message = result.errors.joined(separator: "; ")
                xml += "      <error message=\"\(escape(message))\" type=\"error\">\(escape(message))</error>\n"
            } else {
                let message = result.failures.joined(separator: "; ")
                xml += "      <failure message=\"\(escape(message))\" type=\"mismatch\">\(escape(message + "\n" + result.diff))</failure>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text for an attribute or element: markup characters as entities; characters XML 1.0
    /// cannot hold (control characters other than tab and newline) as `?`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "?"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
