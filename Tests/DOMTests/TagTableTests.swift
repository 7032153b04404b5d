@testable import DOM
import XCTest

/// The tree builder's tag tables (TagTable) answer exactly what a dictionary of the same entries answers.
final class TagTableTests: XCTestCase {
  func testAnswersAsADictionaryDoes() {
    var entries: [String: Int] = [:]
    // Every "in body" start rule's name and more: short names, names of exactly eight bytes, longer ones, non-ASCII.
    let names = ["a", "b", "i", "p", "h1", "h6", "li", "dd", "table", "option", "optgroup", "noscript", "plaintext",
                 "blockquote", "figcaption", "annotation-xml", "caf\u{E9}", "\u{E9}l\u{E9}ment", "abcdefgh", "abcdefghi"]
    for (index, name) in names.enumerated() { entries[name] = index }
    let table = TagTable(entries)
    for (name, value) in entries { XCTAssertEqual(table[name], value, name) }
    // Misses: prefixes and extensions of the keys, case, the empty name, a NUL (which must not pack as "a").
    let misses = ["", "h", "h7", "A", "P", "tabl", "tables", "abcdefg", "abcdefgi", "abcdefghij", "blockquot",
                  "blockquotes", "a\0", "\0a", "caf", "nobr", "span", "div"]
    for name in misses { XCTAssertNil(table[name], name.debugDescription) }
    // Many entries, so that probes run past their slot.
    var many: [String: Int] = [:]
    for index in 0..<2_000 { many["t\(index)"] = index }
    let large = TagTable(many)
    for (name, value) in many { XCTAssertEqual(large[name], value) }
    for index in 2_000..<2_100 { XCTAssertNil(large["t\(index)"]) }
  }

  /// Names read in place (the serializer's lookups): packed up to eight bytes, longer ones only up to the longest key.
  func testAnswersForNamesReadInPlace() {
    let table = TagTable(["br": 1, "noscript": 2, "plaintext": 3, "figcaption": 4])
    func lookup(_ name: String) -> Int? {
      name.utf8CString.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: UInt8.self) { table[cString: $0.baseAddress!] }
      }
    }
    for (name, value) in ["br": 1, "noscript": 2, "plaintext": 3, "figcaption": 4] { XCTAssertEqual(lookup(name), value) }
    for name in ["", "b", "brr", "noscrip", "plaintex", "plaintexts", "figcaptions", "blockquote"] {
      XCTAssertNil(lookup(name), name)
    }
  }

  func testTheTreeBuildersTablesHoldTheirRules() {
    XCTAssertEqual(HTMLTreeBuilder.bodyStartRules["h3"], .heading)
    XCTAssertEqual(HTMLTreeBuilder.bodyStartRules["blockquote"], .closesParagraph)
    XCTAssertNil(HTMLTreeBuilder.bodyStartRules["span"])
    XCTAssertTrue(HTMLTreeBuilder.Flags.htmlNames["table"]?.flags.contains(.tableScope) ?? false)
    XCTAssertNil(HTMLTreeBuilder.Flags.htmlNames["x-custom"])
  }
}
