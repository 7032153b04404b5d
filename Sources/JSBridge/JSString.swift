import CJavaScriptCore
import Glibc

/// Conversions between Swift strings and JSC's `JSStringRef`, with exactly one owner per `JSStringRef`.
enum JSString {
  /// Creates a `JSStringRef` holding `string`; the caller owns it and must `JSStringRelease` it.
  ///
  /// Made from the string's own UTF-8 bytes: JSC then keeps an ASCII string as 8-bit characters, which its string
  /// and regular-expression code handle faster, and no UTF-16 copy is made here first. A string holding U+0000 (which
  /// would end a C string) goes as UTF-16.
  static func create(_ string: String) -> JSStringRef {
    let holdsNUL = string.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false
    }
      ?? string.utf8.contains(0)
    if !holdsNUL { return string.withCString { JSStringCreateWithUTF8CString($0) } }
    let units = Array(string.utf16)
    return units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
  }

  /// Runs `body` with a temporary `JSStringRef` for `string`, releasing it afterwards.
  static func with<R>(_ string: String, _ body: (JSStringRef) throws(ScriptError) -> R) throws(ScriptError) -> R {
    let ref = create(string)
    defer { JSStringRelease(ref) }
    return try body(ref)
  }

  /// Runs `body` with a temporary `JSStringRef` for `string` (non-throwing variant).
  static func withRef<R>(_ string: String, _ body: (JSStringRef) -> R) -> R {
    let ref = create(string)
    defer { JSStringRelease(ref) }
    return body(ref)
  }

  /// Reads a `JSStringRef` without taking ownership (lone surrogates become U+FFFD).
  static func read(_ ref: JSStringRef) -> String {
    let count = JSStringGetLength(ref)
    guard count > 0, let chars = JSStringGetCharactersPtr(ref) else { return "" }
    let units = UnsafeBufferPointer(start: chars, count: count)
    // ASCII (property names, most attribute values) copies byte for byte; UTF-16 decoding costs several times more.
    if units.allSatisfy({ $0 < 0x80 }) {
      return String(unsafeUninitializedCapacity: count) { bytes in
        for (i, unit) in units.enumerated() { bytes[i] = UInt8(truncatingIfNeeded: unit) }
        return count
      }
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// Reads and releases a `JSStringRef` the caller owned (a `...Copy` result).
  static func take(_ ref: JSStringRef) -> String {
    defer { JSStringRelease(ref) }
    return read(ref)
  }
}
