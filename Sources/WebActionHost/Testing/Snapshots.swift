import Foundation
import WebActionKit

/// Comparing what a run gave with what was recorded: pages by their lines once insignificant whitespace is gone,
/// property lists by key path. Used by `webaction test` and by the project's own golden tests.
public enum Snapshots {
  /// A serialization's lines for comparison: trailing whitespace trimmed, runs of spaces and tabs inside a line made
  /// one space, blank lines dropped. (Whitespace inside `<pre>` is kept as a page author would want it compared:
  /// only trailing blanks and blank lines are ignored there too.)
  public static func normalizedLines(_ html: String) -> [String] {
    var lines: [String] = []
    for raw in html.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      var line = ""
      var pendingSpace = false
      for character in raw {
        if character == " " || character == "\t" {
          pendingSpace = !line.isEmpty
        } else {
          if pendingSpace { line.append(" ") }
          pendingSpace = false
          line.append(character)
        }
      }
      if !line.isEmpty { lines.append(line) }
    }
    return lines
  }

  /// A unified diff (`--- expected`, `+++ actual`, hunks with `context` lines around each change), or nil when the
  /// two are equal.
  public static func unifiedDiff(expected: [String], actual: [String], context: Int = 3,
                                 expectedName: String = "expected", actualName: String = "actual") -> String? {
    let difference = actual.difference(from: expected)
    guard !difference.isEmpty else { return nil }
    // Walk both sides in order, marking each line as kept, removed or inserted.
    var removed = Set<Int>(), inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    enum Line { case same(String), minus(String), plus(String) }
    var script: [Line] = []
    var old = 0, new = 0
    while old < expected.count || new < actual.count {
      if old < expected.count, removed.contains(old) {
        script.append(.minus(expected[old])); old += 1
      } else if new < actual.count, inserted.contains(new) {
        script.append(.plus(actual[new])); new += 1
      } else {
        script.append(.same(expected[old])); old += 1; new += 1
      }
    }
    // Hunks: changed lines with `context` unchanged lines around them.
    let changed = script.indices.filter { if case .same = script[$0] { false } else { true } }
    var output = ["--- \(expectedName)", "+++ \(actualName)"]
    var index = 0
    while index < changed.count {
      let start = max(0, changed[index] - context)
      var end = min(script.count, changed[index] + context + 1)
      while index + 1 < changed.count, changed[index + 1] - context <= end {
        index += 1
        end = min(script.count, changed[index] + context + 1)
      }
      index += 1
      // Line numbers on each side at the hunk's start.
      var oldLine = 1, newLine = 1
      for line in script[..<start] {
        switch line {
        case .same: oldLine += 1; newLine += 1
        case .minus: oldLine += 1
        case .plus: newLine += 1
        }
      }
      let hunk = script[start..<end]
      let oldCount = hunk.filter { if case .plus = $0 { false } else { true } }.count
      let newCount = hunk.filter { if case .minus = $0 { false } else { true } }.count
      output.append("@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@")
      for line in hunk {
        switch line {
        case .same(let text): output.append(" " + text)
        case .minus(let text): output.append("-" + text)
        case .plus(let text): output.append("+" + text)
        }
      }
    }
    return output.joined(separator: "\n")
  }

  /// One difference between two property lists, at a key path (`results.links[3]`).
  public struct Difference: Sendable, Equatable, CustomStringConvertible {
    /// The key path, `results` for the root.
    public var path: String
    /// The expected value; nil when the actual value is unexpected.
    public var expected: PropertyList?
    /// The value the run gave; nil when it is missing.
    public var actual: PropertyList?
    /// `PATH: expected X, got Y`, `PATH: missing (expected X)` or `PATH: unexpected Y`, values as one-line JSON.
    public var description: String {
      switch (expected, actual) {
      case (nil, let actual?): "\(path): unexpected \(Self.show(actual))"
      case (let expected?, nil): "\(path): missing (expected \(Self.show(expected)))"
      case (let expected?, let actual?): "\(path): expected \(Self.show(expected)), got \(Self.show(actual))"
      case (nil, nil): "\(path)"
      }
    }

    static func show(_ value: PropertyList) -> String {
      let text = (try? value.encoded(as: .json)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
      let flat = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
      return flat.count > 120 ? flat.prefix(117) + "…" : flat
    }
  }

  /// Every difference between `expected` and `actual`, by key path from `path`, in key order.
  public static func differences(expected: PropertyList, actual: PropertyList, path: String = "results") -> [Difference] {
    switch (expected, actual) {
    case (.dictionary(let want), .dictionary(let got)):
      return Set(want.keys).union(got.keys).sorted().flatMap { key -> [Difference] in
        let child = "\(path).\(key)"
        switch (want[key], got[key]) {
        case (let w?, let g?): return differences(expected: w, actual: g, path: child)
        case (let w, let g): return [Difference(path: child, expected: w, actual: g)]
        }
      }
    case (.array(let want), .array(let got)):
      return (0..<max(want.count, got.count)).flatMap { index -> [Difference] in
        let child = "\(path)[\(index)]"
        if index < want.count, index < got.count { return differences(expected: want[index], actual: got[index], path: child) }
        // (Optional's none, explicitly: a bare nil would be PropertyList's own nil literal, `.null`.)
        let wanted: PropertyList? = index < want.count ? want[index] : Optional.none
        let gotten: PropertyList? = index < got.count ? got[index] : Optional.none
        return [Difference(path: child, expected: wanted, actual: gotten)]
      }
    default:
      return expected == actual ? [] : [Difference(path: path, expected: expected, actual: actual)]
    }
  }
}
