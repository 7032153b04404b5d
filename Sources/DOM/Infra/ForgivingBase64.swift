/// Base64 as the web platform reads and writes it (`atob`, `btoa`, `data:` URLs).
///
/// https://infra.spec.whatwg.org/#forgiving-base64
public enum ForgivingBase64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The 6-bit value of each alphabet byte; -1 for anything else.
  private static let values: [Int8] = {
    var table = [Int8](repeating: -1, count: 256)
    for (i, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(i) }
    return table
  }()

  /// https://infra.spec.whatwg.org/#forgiving-base64-encode: standard alphabet, padded with `=`.
  public static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
      let b0 = Int(bytes[i]), b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
      out.append(alphabet[b0 >> 2])
      out.append(alphabet[(b0 & 0x3) << 4 | b1 >> 4])
      out.append(i + 1 < bytes.count ? alphabet[(b1 & 0xF) << 2 | b2 >> 6] : UInt8(ascii: "="))
      out.append(i + 2 < bytes.count ? alphabet[b2 & 0x3F] : UInt8(ascii: "="))
      i += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// https://infra.spec.whatwg.org/#forgiving-base64-decode: the bytes, or nil on failure. ASCII whitespace
  /// anywhere is ignored, padding is optional, and leftover bits after the last full byte are discarded.
  public static func decode<S: Sequence>(_ text: S) -> [UInt8]? where S.Element == UInt16 {
    // Step 1. Remove ASCII whitespace (tab, LF, FF, CR, space).
    var data = text.filter { !($0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D || $0 == 0x20) }
    // Step 2. A length divisible by 4 may end in one or two "=".
    if data.count % 4 == 0 {
      if data.last == 0x3D { data.removeLast() }
      if data.last == 0x3D { data.removeLast() }
    }
    // Step 3.
    if data.count % 4 == 1 { return nil }
    // Steps 4-8. Every remaining code unit must be in the alphabet; 24 bits make 3 bytes.
    var output: [UInt8] = []
    output.reserveCapacity(data.count * 3 / 4)
    var buffer = 0, bits = 0
    for unit in data {
      guard unit < 0x80 else { return nil }
      let value = values[Int(unit)]
      guard value >= 0 else { return nil }
      buffer = buffer << 6 | Int(value)
      bits += 6
      if bits == 24 {
        output += [UInt8(buffer >> 16), UInt8(buffer >> 8 & 0xFF), UInt8(buffer & 0xFF)]
        buffer = 0
        bits = 0
      }
    }
    // Step 9. 12 bits left make one byte, 18 make two; the rest are discarded.
    if bits == 12 {
      output.append(UInt8(buffer >> 4))
    } else if bits == 18 {
      output += [UInt8(buffer >> 10), UInt8(buffer >> 2 & 0xFF)]
    }
    return output
  }
}
