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
    // A binary property list can hold a date that is NaN seconds from 2001, which equals nothing, not even itself.
    if containsLeaf(where: { $0.date.map { !$0.timeIntervalSinceReferenceDate.isFinite } ?? false }) { return nil }
    let data: Data
    do {
      data = try encoded(as: format)
    } catch {
      if format != .json, containsNull { return nil }
      if format == .xml, containsLeaf(where: { $0.date.map { !Self.xmlWritable($0) } ?? false }) { return nil }
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
      if containsLeaf(where: { $0.date.map { !Self.xmlWritable($0) } ?? false }) { return nil }
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
      return "the \(format.rawValue) round trip changed the value:\n  before: \(printable)\n  after:  \(back.printable)"
    }
    return nil
  }

  /// The value with its dates as seconds since 2001: Foundation's `Date.description` traps on a date far outside
  /// its calendar's range (fuzz-manifest, year 2,030,437,302).
  public var printable: PropertyList {
    mapLeaves { if case .date(let d) = $0 { .string("date(\(d.timeIntervalSinceReferenceDate))") } else { $0 } }
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

  var containsNull: Bool { containsLeaf { $0 == .null } }
  var containsDate: Bool { containsLeaf { $0.date != nil } }
}
