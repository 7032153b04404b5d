import Foundation
import WebActionHost
import WebActionKit

/// `webaction test --html-report FILE`: one self-contained page showing each case's page before and after, side by
/// side (sandboxed iframes: the pages' scripts do not run), run()'s results as a tree, and what failed.
enum TestReport {
  static func html(_ suites: [(bundle: String, cases: [(ExtensionTestCase, ExtensionTestCase.Outcome)])]) -> String {
    let all = suites.flatMap(\.cases)
    let failed = all.filter { $0.1.status == .failed }.count
    var body = ""
    for suite in suites {
      for (testCase, outcome) in suite.cases {
        let status = outcome.status == .failed ? "failed" : outcome.status == .recorded ? "recorded" : "passed"
        body += """
          <section class="case \(status)" id="\(escape(suite.bundle))-\(escape(testCase.name))">
          <h2><span class="status">\(status)</span> \(escape(suite.bundle))/\(escape(testCase.name)) <small>\(Int(outcome.seconds * 1000)) ms</small></h2>
          <div class="panes">
          <figure><figcaption>before</figcaption><iframe class="before" sandbox="" srcdoc="\(escape(outcome.before))"></iframe></figure>
          <figure><figcaption>after</figcaption><iframe class="after" sandbox="" srcdoc="\(escape(outcome.after ?? "<p>(the run failed)"))"></iframe></figure>
          </div>

          """
        if let results = outcome.results {
          body += "<details class=\"results\" open><summary>run() results</summary>\(tree(results))</details>\n"
        }
        for failure in outcome.failures {
          body += "<pre class=\"failure\">\(diffLines(failure))</pre>\n"
        }
        body += "</section>\n"
      }
    }
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <title>webaction test: \(all.count - failed) passed, \(failed) failed</title>
      <style>
      body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fafafa; }
      h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin: 0 0 .5em; }
      .case { background: #fff; border: 1px solid #ddd; border-left: 6px solid #2a7; padding: 1em; margin: 0 0 1.5em; }
      .case.failed { border-left-color: #c33; } .case.recorded { border-left-color: #c90; }
      .status { text-transform: uppercase; font-size: .8em; padding: .1em .4em; border-radius: 3px; color: #fff; background: #2a7; }
      .failed .status { background: #c33; } .recorded .status { background: #c90; }
      .panes { display: flex; gap: 1em; } figure { flex: 1; margin: 0; }
      figcaption { font-weight: 600; margin-bottom: .3em; }
      iframe { width: 100%; height: 420px; border: 1px solid #bbb; background: #fff; }
      pre.failure { background: #f6f6f6; padding: .8em; overflow: auto; } .minus { color: #b00; } .plus { color: #070; }
      ul.tree { margin: .2em 0 .2em 1.2em; padding: 0; list-style: none; } .key { color: #555; } .string { color: #a50; }
      </style>
      </head>
      <body>
      <h1>webaction test: \(all.count - failed) passed, \(failed) failed</h1>
      \(body)</body>
      </html>

      """
  }

  /// A property list as nested lists: keys, then values (strings quoted).
  private static func tree(_ value: PropertyList) -> String {
    switch value {
    case .dictionary(let fields):
      return "<ul class=\"tree\">" + fields.keys.sorted().map { "<li><span class=\"key\">\(escape($0)):</span> \(tree(fields[$0]!))</li>" }.joined() + "</ul>"
    case .array(let items):
      return "<ul class=\"tree\">" + items.enumerated().map { "<li><span class=\"key\">[\($0.offset)]</span> \(tree($0.element))</li>" }.joined() + "</ul>"
    case .string(let text): return "<span class=\"string\">\"\(escape(text))\"</span>"
    case .null: return "null"
    default:
      let json = (try? value.encoded(as: .json)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
      return escape(json.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// A failure's text, its diff lines coloured.
  private static func diffLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.hasPrefix("-"), !line.hasPrefix("---") { return "<span class=\"minus\">\(escape(String(line)))</span>" }
      if line.hasPrefix("+"), !line.hasPrefix("+++") { return "<span class=\"plus\">\(escape(String(line)))</span>" }
      return escape(String(line))
    }.joined(separator: "\n")
  }

  private static func escape(_ text: String) -> String { markupEscaped(text) }
}

/// Text for an HTML or XML text node or double-quoted attribute (a srcdoc holds a whole page): `& < > "` escaped, and
/// the control characters XML 1.0 cannot hold left out.
func markupEscaped(_ text: String) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
    case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}
