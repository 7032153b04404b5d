import Foundation
import XCTest

/// WPT's url/resources JSON files, read in place from `<package root>/../shared/wpt` (or `$WPT_ROOT`).
///
/// They hold lone surrogates (`"\uD800"`), which Foundation's JSON reader refuses; ``JSONReader`` reads them as
/// U+FFFD, which is what a script's string becomes on its way into the URL parser (a USVString).
enum WPTURLData {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var wptRoot: URL {
    if let root = ProcessInfo.processInfo.environment["WPT_ROOT"] { return URL(fileURLWithPath: root) }
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/wpt").standardizedFileURL
  }

  /// The parsed JSON of `url/resources/<name>`.
  static func load(_ name: String) throws -> Any? {
    let file = wptRoot.appendingPathComponent("url/resources/\(name)")
    guard let data = FileManager.default.contents(atPath: file.path) else {
      XCTFail("no \(file.path): check out web-platform-tests in ../shared/wpt or set WPT_ROOT")
      return nil
    }
    var reader = JSONReader(bytes: Array(data))
    return try reader.value()
  }

  /// The objects of a top-level JSON array (its strings are comments).
  static func cases(_ name: String) throws -> [[String: Any]] {
    (try load(name) as? [Any] ?? []).compactMap { $0 as? [String: Any] }
  }
}

/// A small JSON reader (RFC 8259) that turns unpaired surrogate escapes into U+FFFD.
struct JSONReader {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let bytes: [UInt8]
  var index = 0

  mutating func value() throws -> Any? {
    skipSpace()
    guard index < bytes.count else { throw Failure(description: "unexpected end") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      var object: [String: Any] = [:]
      skipSpace()
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return object
      }
      while true {
        skipSpace()
        let key = try string()
        skipSpace()
        try expect(":")
        object[key] = try value() ?? NSNull()
        skipSpace()
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return object
        }
        try expect(",")
      }
    case UInt8(ascii: "["):
      index += 1
      var array: [Any] = []
      skipSpace()
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return array
      }
      while true {
        array.append(try value() ?? NSNull())
        skipSpace()
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return array
        }
        try expect(",")
      }
    case UInt8(ascii: "\""): return try string()
    case UInt8(ascii: "t"): index += 4; return true
    case UInt8(ascii: "f"): index += 5; return false
    case UInt8(ascii: "n"): index += 4; return nil
    default:
      let start = index
      while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
      guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
        throw Failure(description: "bad value at \(start)")
      }
      return number
    }
  }

  mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  mutating func expect(_ character: Unicode.Scalar) throws {
    guard index < bytes.count, bytes[index] == UInt8(character.value) else {
      throw Failure(description: "expected \(character) at \(index)")
    }
    index += 1
  }

  mutating func string() throws -> String {
    try expect("\"")
    var units: [UInt16] = []
    var raw: [UInt8] = []
    func flush() {
      units.append(contentsOf: String(decoding: raw, as: UTF8.self).utf16)
      raw.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") {
        flush()
        return String(decoding: units, as: UTF16.self)
      }
      guard byte == UInt8(ascii: "\\") else {
        raw.append(byte)
        continue
      }
      flush()
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "n"): units.append(0x0A)
      case UInt8(ascii: "t"): units.append(0x09)
      case UInt8(ascii: "r"): units.append(0x0D)
      case UInt8(ascii: "b"): units.append(0x08)
      case UInt8(ascii: "f"): units.append(0x0C)
      case UInt8(ascii: "u"):
        guard let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
          throw Failure(description: "bad \\u escape at \(index)")
        }
        units.append(unit)
        index += 4
      default: units.append(UInt16(escape))
      }
    }
    throw Failure(description: "unterminated string")
  }
}
