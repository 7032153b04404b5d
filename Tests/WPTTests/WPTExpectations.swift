import Foundation

/// An expectations file: every subtest (or file) that does not pass, with its status and the reason, sorted.
///
/// One line per entry, `file | subtest | STATUS | reason`, where a file-level entry (the harness did not complete
/// normally, the host crashed or hung) has the subtest `(file)`, and a group of subtests `PREFIX: …` that all fail
/// alike is one entry `PREFIX: *`. Lines starting with `#` are comments; the header
/// holds the suite's numbers. A subtest name's newlines are written `\n`. Everything not listed must pass.
struct WPTExpectations {
  struct Entry: Hashable, Comparable {
    var file: String
    var subtest: String
    var status: String

    static func < (a: Entry, b: Entry) -> Bool {
      (a.file, a.subtest, a.status) < (b.file, b.subtest, b.status)
    }

    var line: String { "\(file) | \(subtest) | \(status)" }
  }

  /// The subtest name of a file-level entry.
  static let fileEntry = "(file)"
  /// The reason a new entry gets until someone writes the real one; the check fails while any is left.
  static let placeholder = "UNEXPLAINED"

  /// Entry → reason. Duplicate subtest names in one file (WPT has a few) count once.
  var reasons: [Entry: String] = [:]

  init() {}

  init(contentsOf url: URL) throws {
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    let text = try String(contentsOf: url, encoding: .utf8)
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
      // The file has no " | "; the status and reason are ours and have none; the subtest name may.
      let fields = line.components(separatedBy: " | ")
      guard fields.count >= 4 else { continue }
      let entry = Entry(file: fields[0], subtest: Self.unescape(fields[1..<(fields.count - 2)].joined(separator: " | ")),
                        status: fields[fields.count - 2])
      reasons[entry] = fields[fields.count - 1]
    }
  }

  /// The entries a run produced: each non-passing subtest, and each file whose harness did not end `OK` (for a file
  /// that timed out, its TIMEOUT and NOTRUN subtests are left to the file entry).
  ///
  /// Subtests named `PREFIX: rest` (reflection tests name hundreds per attribute: `a.href: IDL set to "x"`) that
  /// all share one non-passing status, two or more of them, become one group entry `PREFIX: *`.
  static func entries(for files: [WPTFile], _ results: [WPTRunner.FileResult]) -> Set<Entry> {
    var entries: Set<Entry> = []
    for (file, result) in zip(files, results) {
      if result.status != "OK" {
        entries.insert(Entry(file: file.servedPath, subtest: fileEntry, status: result.status))
      }
      var groups: [String: [String]] = [:]
      for subtest in result.subtests {
        if let prefix = groupPrefix(subtest.name) { groups[prefix, default: []].append(subtest.status) }
      }
      for subtest in result.subtests where subtest.status != "PASS" {
        // A harness timeout stops the file wherever it is: which subtest was running (TIMEOUT) and which never ran
        // (NOTRUN) depends on the machine's speed, so the file's own TIMEOUT entry stands for them.
        if result.status == "TIMEOUT" && (subtest.status == "TIMEOUT" || subtest.status == "NOTRUN") { continue }
        if let prefix = groupPrefix(subtest.name), let statuses = groups[prefix], statuses.count > 1,
           statuses.allSatisfy({ $0 == subtest.status }) {
          entries.insert(Entry(file: file.servedPath, subtest: prefix + groupSuffix, status: subtest.status))
        } else {
          entries.insert(Entry(file: file.servedPath, subtest: subtest.name, status: subtest.status))
        }
      }
    }
    return entries
  }

  /// What ends a group entry's name.
  static let groupSuffix = ": *"

  /// `a.href` for `a.href: IDL set to "x"`; nil for a name without `": "`.
  static func groupPrefix(_ name: String) -> String? {
    guard let range = name.range(of: ": "), range.lowerBound > name.startIndex else { return nil }
    return String(name[..<range.lowerBound])
  }

  /// The file text: `header` comment lines, then the entries sorted, each with its reason.
  func text(header: [String]) -> String {
    var text = header.map { "# \($0)\n" }.joined()
    for entry in reasons.keys.sorted() {
      text += "\(entry.file) | \(Self.escape(entry.subtest)) | \(entry.status) | \(reasons[entry]!)\n"
    }
    return text
  }

  /// The expectations for `entries`, keeping the reasons this file already gives (for the same subtest, even if its
  /// status changed); new entries get ``placeholder`` and the failure message.
  func updated(to entries: Set<Entry>, messages: [Entry: String]) -> WPTExpectations {
    var byName: [String: String] = [:]
    for (entry, reason) in reasons where !reason.hasPrefix(Self.placeholder) {
      byName["\(entry.file)\u{0}\(entry.subtest)"] = reason
    }
    var updated = WPTExpectations()
    for entry in entries {
      let message = messages[entry].map { Self.escape(String($0.prefix(120))) } ?? ""
      updated.reasons[entry] = reasons[entry].flatMap { $0.hasPrefix(Self.placeholder) ? nil : $0 }
        ?? byName["\(entry.file)\u{0}\(entry.subtest)"]
        ?? "\(Self.placeholder): \(message)".replacingOccurrences(of: " | ", with: " / ")
    }
    return updated
  }

  static func escape(_ name: String) -> String {
    name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
      .replacingOccurrences(of: "\r", with: "\\r")
  }

  static func unescape(_ name: String) -> String {
    var result = "", escaping = false
    for character in name {
      if escaping {
        result.append(character == "n" ? "\n" : character == "r" ? "\r" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}
