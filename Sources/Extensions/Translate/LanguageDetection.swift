import CCLD2
import Foundation

/// The language a page's text is in, by Chrome's Compact Language Detector 2: for pages that declare none, or
/// declare the wrong one (most saved pages).
public struct DetectedLanguage: Sendable, Equatable, CustomStringConvertible {
  /// ISO 639-1 where the language has a code there ("es"), else CLD2's code.
  public var code: String
  /// The share of the text in that language, 0–100.
  public var percent: Int
  /// Whether CLD2 calls the answer reliable (enough text, one clear language).
  public var reliable: Bool

  /// The language of `text` (plain text), or nil when CLD2 cannot tell.
  public static func detect(_ text: String) -> DetectedLanguage? {
    var utf8 = Array(text.utf8.prefix(64 * 1024))
    utf8.append(0)
    var code = [CChar](repeating: 0, count: 16)
    var percent: Int32 = 0, reliable: Int32 = 0
    utf8.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
        webaction_detect_language(pointer, Int32(buffer.count - 1), &code, &percent, &reliable)
      }
    }
    let name = String(decoding: code.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // No share of the text in any language (digits, symbols): nothing was detected, whatever the code says.
    guard !name.isEmpty, name != "un", name != "xxx", percent > 0 else { return nil }
    return DetectedLanguage(code: name, percent: Int(percent), reliable: reliable != 0)
  }

  /// The text of segments' HTML, for detection: tags and entities out.
  static func text(ofHTML fragments: [String]) -> String {
    var text = ""
    for fragment in fragments {
      var inTag = false
      for character in fragment {
        if character == "<" { inTag = true } else if character == ">" { inTag = false; text.append(" ") } else if !inTag { text.append(character) }
      }
      text.append("\n")
      if text.utf8.count > 64 * 1024 { break }
    }
    return text
  }

  public var description: String { "\(code) (\(percent)%\(reliable ? "" : ", unsure"))" }
}
