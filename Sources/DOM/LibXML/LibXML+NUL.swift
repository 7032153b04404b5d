import CLibXML2
import Glibc

/// U+0000 in attribute values and character data.
///
/// libxml2 keeps strings NUL-terminated, so a script's `"a\0b"` would be cut at the NUL. Such a value is stored
/// with U+0000 as the overlong pair C0 80 (as Java's modified UTF-8 does), which never occurs otherwise: the
/// decoder and the parser only produce valid UTF-8. Reads decode it back and the serializer writes a NUL.
extension LibXML {
  /// Calls `body` with `text` as a NUL-terminated libxml2 string (U+0000 stored as C0 80).
  static func withStored<R>(_ text: String, _ body: (UnsafePointer<xmlChar>) -> R) -> R {
    if !text.utf8.contains(0) {
      return text.withCString { $0.withMemoryRebound(to: xmlChar.self, capacity: 1, body) }
    }
    var bytes: [xmlChar] = []
    bytes.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      if byte == 0 { bytes += [0xC0, 0x80] } else { bytes.append(byte) }
    }
    bytes.append(0)
    return bytes.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  /// Calls `body` with a stored libxml2 string as it is, NUL-terminated valid UTF-8, when it holds no U+0000 (no
  /// C0 80 pair, which valid UTF-8 never has); nil when it does (read it with ``readStored(_:)``).
  static func withStoredUTF8<R>(_ p: UnsafePointer<xmlChar>, _ body: (UnsafePointer<CChar>) -> R) -> R? {
    let count = strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
    guard memchr(p, 0xC0, count) == nil else { return nil }
    return body(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
  }

  /// The string a stored libxml2 string holds (C0 80 read as U+0000).
  static func readStored(_ p: UnsafePointer<xmlChar>) -> String {
    let count = strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
    guard memchr(p, 0xC0, count) != nil else {
      return String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count)
    var i = 0
    while i < count {
      if p[i] == 0xC0 && i + 1 < count && p[i + 1] == 0x80 {
        bytes.append(0)
        i += 2
      } else {
        bytes.append(p[i])
        i += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
