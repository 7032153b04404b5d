import Foundation
import XCTest

/// The bookkeeping every conformance run shares (html5lib tokenizer, tree construction, round trips):
/// everything passes except an explicit list of known failures, and a listed case that passes fails the run,
/// so the list never rots.
struct ConformanceTally {
  /// What the run is called in its summary line, e.g. "html5lib tree-construction (Swift parser)".
  let name: String
  /// Case id → reason it is expected to fail.
  let known: [String: String]
  /// The file that holds `known`, named in the messages that ask for it to be edited.
  let listFile: String
  private(set) var total = 0
  private(set) var passed = 0
  private(set) var unexpectedFailures: [String] = []
  private(set) var unexpectedPasses: [String] = []
  private var ids: Set<String> = []

  static let verbose = ProcessInfo.processInfo.environment["HTML5LIB_VERBOSE"] != nil

  init(_ name: String, known: [String: String], listFile: String) {
    self.name = name
    self.known = known
    self.listFile = listFile
  }

  /// Records one case; `details` is printed (with HTML5LIB_VERBOSE=1) when it fails unexpectedly.
  mutating func record(_ id: String, passed ok: Bool, details: @autoclosure () -> String = "") {
    total += 1
    ids.insert(id)
    let isKnown = known[id] != nil
    if ok {
      passed += 1
      if isKnown { unexpectedPasses.append(id) }
    } else if !isKnown {
      unexpectedFailures.append(id)
      if Self.verbose { print("FAIL \(id)\n\(details())\n") }
    }
  }

  /// Prints the summary line and asserts: no unexpected failure, no unexpected pass, no stale entry, and at least
  /// `minimumRate` percent passing.
  func check(minimumRate: Double, file: StaticString = #filePath, line: UInt = #line) {
    let rate = total == 0 ? 0 : Double(passed) / Double(total) * 100
    print("\(name): \(passed)/\(total) passed (\(String(format: "%.2f", rate))%)")
    XCTAssertGreaterThanOrEqual(rate, minimumRate, "\(name): pass rate fell under \(minimumRate)%", file: file, line: line)
    XCTAssertEqual(unexpectedFailures, [], "\(name): unexpected failures; run with HTML5LIB_VERBOSE=1 to see them",
                   file: file, line: line)
    XCTAssertEqual(unexpectedPasses, [], "\(name): these now pass; remove them from \(listFile)", file: file, line: line)
    XCTAssertEqual(known.keys.filter { !ids.contains($0) }.sorted(), [], "\(name): \(listFile) names cases that do not exist",
                   file: file, line: line)
  }

  /// A known-failure list is kept sorted, without duplicates, and every entry has a reason.
  static func checkList(order: [String], known: [String: String], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(order, order.sorted(), "keep the list sorted", file: file, line: line)
    XCTAssertEqual(order.count, known.count, "duplicate keys in the list", file: file, line: line)
    XCTAssertEqual(known.filter { $0.value.isEmpty }.map(\.key), [], "entries without a reason", file: file, line: line)
  }
}
