import Glibc

/// A cheap key of an element's local name: its length and its first seven bytes, packed in one word.
///
/// Most elements a query visits fail at the subject's type selector (`h1, h2, h3` over a page of `p`, `span` and
/// `a`), and checking that through the matcher costs tens of nanoseconds per selector of the list. Comparing keys
/// first rejects nearly all of them with one load and two comparisons; an equal key is only a candidate (names longer
/// than seven bytes may share one), which the matcher then tests in full.
public struct SelectorNameKey: Equatable, Sendable {
  let bits: UInt64

  /// The key of a name given as UTF-8 bytes.
  public init<Bytes: Sequence<UInt8>>(utf8 bytes: Bytes) {
    var bits: UInt64 = 0
    var count: UInt64 = 0
    for byte in bytes {
      if count < 7 { bits |= UInt64(byte) << (8 * count) }
      count += 1
    }
    self.bits = bits | (min(count, 255) << 56)
  }

  /// The key of a NUL-terminated name, read in place.
  public init(cString name: UnsafePointer<UInt8>) {
    let count = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
    self.init(utf8: UnsafeBufferPointer(start: name, count: count))
  }
}

/// What the subject compound of a selector requires of an element's local name, if it has a type selector: the key
/// of the name as written (foreign elements) and lowercased (HTML elements). An element whose key is neither cannot
/// match the selector.
struct SubjectNameFilter: Equatable, Sendable {
  let written: SelectorNameKey
  let lowercased: SelectorNameKey

  /// The filter of `selector`, or nil when its subject has no type selector, or it is a relative selector (whose
  /// subject is found differently).
  init?(_ selector: ComplexSelector) {
    guard !selector.isRelative, let subject = selector.compounds.first else { return nil }
    for case .type(let name, let lowercased) in subject.simple {
      self.written = SelectorNameKey(utf8: name.utf8)
      self.lowercased = SelectorNameKey(utf8: lowercased.utf8)
      return
    }
    return nil
  }

  func admits(_ key: SelectorNameKey) -> Bool { key == lowercased || key == written }
}
