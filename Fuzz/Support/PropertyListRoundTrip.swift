import Foundation
import WebActionKit

extension PropertyList {
  /// Why writing this value as `format` with WebActionKit's writer and reading it back does not give it back, or nil
  /// when it does (or when the format cannot hold the value and the writer says where: a null in XML or binary).
  ///
  /// Binary must give the value back exactly. XML keeps dates to the second, and Foundation's XML reader drops a
  /// U+FEFF (or more) at the start of a string or key (escaped or not; a known loss, found by fuzz-plist-bridge). An
  /// XML date has a four-digit year: a value with a date outside 0001–9999 is skipped (found by fuzz-manifest: a
  /// binary Info.plist's date 3.2e93 seconds after 2001 came back as another date). JSON has no dates (skipped) and
  /// writes data as base64 strings and integral reals as integers.
  public func roundTripProblem(_ format: Format) -> String? {
    let data: Data
    do {
      data = try encoded(as: format)
    } catch {
      if format != .json, containsNull { return nil }
      return "writing \(format.rawValue) failed: \(error)"
    }
    let back: PropertyList
    do {
      back = try PropertyList.decode(data)
    } catch {
      return "reading back the \(format.rawValue) written failed: \(error)\n\(String(decoding: data, as: UTF8.self))"
    }
    let expected: PropertyList
    switch format {
    case .binary: expected = self
    case .xml:
      if containsLeaf(where: { $0.date.map { !Self.xmlDates.contains($0) } ?? false }) { return nil }
      expected = xmlReadable
    case .json:
      if containsDate { return nil }
      expected = mapLeaves {
        switch $0 {
        case .data(let d): .string(d.base64EncodedString())
        case .real(let r) where r.rounded() == r && Int(exactly: r) != nil: .integer(Int(exactly: r)!)
        default: $0
        }
      }
    }
    let comparable = format == .xml ? back.xmlReadable : back
    guard comparable == expected else {
      return "the \(format.rawValue) round trip changed the value:\n  before: \(self)\n  after:  \(back)"
    }
    return nil
  }

  /// The value as an XML property list can give it back: dates to the second, no U+FEFFs leading a string or key.
  private var xmlReadable: PropertyList {
    func text(_ s: String) -> String { String(s.unicodeScalars.drop { $0 == "\u{FEFF}" }) }
    switch self {
    case .array(let elements): return .array(elements.map(\.xmlReadable))
    case .dictionary(let entries):
      return .dictionary(Dictionary(entries.map { (text($0.key), $0.value.xmlReadable) }, uniquingKeysWith: { a, _ in a }))
    case .string(let s): return .string(text(s))
    case .date(let d): return .date(Date(timeIntervalSince1970: d.timeIntervalSince1970.rounded(.down)))
    default: return self
    }
  }

  /// The value with `transform` applied to every leaf (containers are rebuilt, without recursion limits: fuzz values
  /// are small).
  public func mapLeaves(_ transform: (PropertyList) -> PropertyList) -> PropertyList {
    switch self {
    case .array(let elements): .array(elements.map { $0.mapLeaves(transform) })
    case .dictionary(let entries): .dictionary(entries.mapValues { $0.mapLeaves(transform) })
    default: transform(self)
    }
  }

  /// Whether any leaf satisfies `predicate`.
  public func containsLeaf(where predicate: (PropertyList) -> Bool) -> Bool {
    switch self {
    case .array(let elements): elements.contains { $0.containsLeaf(where: predicate) }
    case .dictionary(let entries): entries.values.contains { $0.containsLeaf(where: predicate) }
    default: predicate(self)
    }
  }

  /// The dates an XML property list can write: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
  static let xmlDates = Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

  var containsNull: Bool { containsLeaf { $0 == .null } }
  var containsDate: Bool { containsLeaf { $0.date != nil } }
}
