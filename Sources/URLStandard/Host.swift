/// A URL's host: a domain, an IP address, an opaque host (non-special URLs) or the empty host (`file:///`).
///
/// https://url.spec.whatwg.org/#concept-host
public enum Host: Equatable, Hashable, Sendable {
  /// An ASCII domain, lowercased and IDNA-processed (`example.com`, `xn--nxa.example`).
  case domain(String)
  case ipv4(UInt32)
  /// Eight 16-bit pieces.
  case ipv6([UInt16])
  /// A percent-encoded host of a non-special URL.
  case opaque(String)
  case empty

  /// The host serializer.
  ///
  /// https://url.spec.whatwg.org/#concept-host-serializer
  public var serialized: String {
    switch self {
    case .domain(let string), .opaque(let string): return string
    case .empty: return ""
    case .ipv4(let address):
      // https://url.spec.whatwg.org/#concept-ipv4-serializer
      return (0..<4).map { String((address >> (24 - 8 * UInt32($0))) & 0xFF) }.joined(separator: ".")
    case .ipv6(let pieces):
      return "[" + Self.serializeIPv6(pieces) + "]"
    }
  }

  /// https://url.spec.whatwg.org/#concept-ipv6-serializer
  static func serializeIPv6(_ pieces: [UInt16]) -> String {
    // Step 2: the first longest run of two or more zero pieces is compressed.
    var compress: Int?, bestLength = 1
    var index = 0
    while index < 8 {
      guard pieces[index] == 0 else {
        index += 1
        continue
      }
      var end = index
      while end < 8, pieces[end] == 0 { end += 1 }
      if end - index > bestLength {
        bestLength = end - index
        compress = index
      }
      index = end
    }
    // Steps 3-5.
    var output = "", ignore0 = false
    for pieceIndex in 0..<8 {
      if ignore0, pieces[pieceIndex] == 0 { continue }
      ignore0 = false
      if compress == pieceIndex {
        output += pieceIndex == 0 ? "::" : ":"
        ignore0 = true
        continue
      }
      output += String(pieces[pieceIndex], radix: 16)
      if pieceIndex != 7 { output += ":" }
    }
    return output
  }
}

/// The host parser and its IPv4, IPv6 and opaque-host parts.
///
/// https://url.spec.whatwg.org/#host-parsing
enum HostParser {
  /// https://url.spec.whatwg.org/#concept-host-parser
  static func parse(_ input: [Unicode.Scalar], isOpaque: Bool) -> Host? {
    // Step 1.
    if input.first == "[" {
      guard input.last == "]", input.count >= 2 else { return nil }
      return parseIPv6(Array(input[1..<(input.count - 1)])).map(Host.ipv6)
    }
    // Step 2.
    if isOpaque { return parseOpaqueHost(input) }
    // Steps 4-5: percent-decode, then UTF-8 decode without BOM (invalid sequences become U+FFFD).
    let bytes = PercentEncoding.decode(String(String.UnicodeScalarView(input)).utf8)
    let domain = String(decoding: bytes, as: UTF8.self)
    // Step 6.
    guard let asciiDomain = DomainToASCII.convert(domain, beStrict: false) else { return nil }
    // Step 7.
    if endsInANumber(asciiDomain) { return parseIPv4(asciiDomain).map(Host.ipv4) }
    // Step 8.
    return .domain(asciiDomain)
  }

  /// https://url.spec.whatwg.org/#forbidden-host-code-point
  static func isForbiddenHostCodePoint(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "\u{0}", "\t", "\n", "\r", " ", "#", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|": return true
    default: return false
    }
  }

  /// https://url.spec.whatwg.org/#forbidden-domain-code-point
  ///
  /// C0 controls other than the forbidden host code points are allowed: WPT's urltestdata.json ("Allowed host code
  /// points") expects `http://\u{1F}!"$&'()*+,-.;=_`{}~/` to parse with that host.
  static func isForbiddenDomainCodePoint(_ c: Unicode.Scalar) -> Bool {
    isForbiddenHostCodePoint(c) || c == "%" || c.value == 0x7F
  }

  /// https://url.spec.whatwg.org/#concept-opaque-host-parser
  static func parseOpaqueHost(_ input: [Unicode.Scalar]) -> Host? {
    // Step 1.
    if input.contains(where: isForbiddenHostCodePoint) { return nil }
    // Step 4.
    var output = ""
    for c in input { PercentEncoding.append(c, to: &output, set: .c0Control) }
    return output.isEmpty ? .empty : .opaque(output)
  }

  /// https://url.spec.whatwg.org/#ends-in-a-number-checker
  static func endsInANumber(_ input: String) -> Bool {
    // Step 1.
    var parts = input.split(separator: ".", omittingEmptySubsequences: false)
    // Step 2.
    if parts.last == "" {
      if parts.count == 1 { return false }
      parts.removeLast()
    }
    // Step 3.
    let last = parts.last ?? ""
    // Step 4.
    if !last.isEmpty, last.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return true }
    // Step 5.
    return parseIPv4Number(last) != nil
  }

  /// https://url.spec.whatwg.org/#concept-ipv4-parser
  static func parseIPv4(_ input: String) -> UInt32? {
    // Step 1.
    var parts = input.split(separator: ".", omittingEmptySubsequences: false)
    // Step 2.
    if parts.last == "", parts.count > 1 { parts.removeLast() }
    // Step 3.
    if parts.count > 4 { return nil }
    // Steps 4-5.
    var numbers: [UInt64] = []
    for part in parts {
      guard let number = parseIPv4Number(part) else { return nil }
      numbers.append(number)
    }
    // Step 7.
    if numbers.dropLast().contains(where: { $0 > 255 }) { return nil }
    // Step 8.
    let limit = UInt64(1) << (8 * UInt64(5 - numbers.count))
    guard let last = numbers.last, last < limit else { return nil }
    // Steps 9-11.
    var ipv4 = last
    for (counter, number) in numbers.dropLast().enumerated() { ipv4 += number << (8 * UInt64(3 - counter)) }
    return UInt32(ipv4)
  }

  /// https://url.spec.whatwg.org/#ipv4-number-parser (values past 2^32 saturate: they fail the caller's range checks).
  static func parseIPv4Number(_ part: Substring) -> UInt64? {
    // Step 1.
    if part.isEmpty { return nil }
    // Steps 2-4.
    var digits = part.utf8[...]
    var radix: UInt64 = 10
    if digits.count >= 2, digits.first == UInt8(ascii: "0") {
      let second = digits[digits.index(after: digits.startIndex)]
      if second == UInt8(ascii: "x") || second == UInt8(ascii: "X") {
        digits = digits.dropFirst(2)
        radix = 16
      } else {
        digits = digits.dropFirst()
        radix = 8
      }
    }
    // Step 5.
    if digits.isEmpty { return 0 }
    // Steps 6-7.
    var value: UInt64 = 0
    for byte in digits {
      let digit: UInt64
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt64(byte - UInt8(ascii: "A") + 10)
      default: return nil
      }
      guard digit < radix else { return nil }
      value = min(value * radix + digit, UInt64(1) << 40)
    }
    return value
  }

  /// https://url.spec.whatwg.org/#concept-ipv6-parser
  static func parseIPv6(_ input: [Unicode.Scalar]) -> [UInt16]? {
    // Steps 1-4.
    var address = [UInt16](repeating: 0, count: 8)
    var pieceIndex = 0
    var compress: Int?
    var pointer = 0
    func c(_ offset: Int = 0) -> Unicode.Scalar? { pointer + offset < input.count ? input[pointer + offset] : nil }
    // Step 5.
    if c() == ":" {
      guard c(1) == ":" else { return nil }
      pointer += 2
      pieceIndex += 1
      compress = pieceIndex
    }
    // Step 6.
    while c() != nil {
      // Step 6.1.
      if pieceIndex == 8 { return nil }
      // Step 6.2.
      if c() == ":" {
        if compress != nil { return nil }
        pointer += 1
        pieceIndex += 1
        compress = pieceIndex
        continue
      }
      // Step 6.3.
      var value: UInt16 = 0, length = 0
      // Step 6.4.
      while length < 4, let d = c(), let digit = hexValue(d) {
        value = value * 0x10 + UInt16(digit)
        pointer += 1
        length += 1
      }
      // Step 6.5.
      if c() == "." {
        if length == 0 { return nil }
        pointer -= length
        if pieceIndex > 6 { return nil }
        var numbersSeen = 0
        while c() != nil {
          var ipv4Piece: Int?
          if numbersSeen > 0 {
            if c() == ".", numbersSeen < 4 { pointer += 1 } else { return nil }
          }
          guard let first = c(), isASCIIDigit(first) else { return nil }
          while let d = c(), isASCIIDigit(d) {
            let number = Int(d.value - 0x30)
            if ipv4Piece == nil {
              ipv4Piece = number
            } else if ipv4Piece == 0 {
              return nil
            } else {
              ipv4Piece = ipv4Piece! * 10 + number
            }
            if ipv4Piece! > 255 { return nil }
            pointer += 1
          }
          address[pieceIndex] = address[pieceIndex] * 0x100 + UInt16(ipv4Piece!)
          numbersSeen += 1
          if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
        }
        if numbersSeen != 4 { return nil }
        break
      } else if c() == ":" {
        // Step 6.6.
        pointer += 1
        if c() == nil { return nil }
      } else if c() != nil {
        // Step 6.7.
        return nil
      }
      // Steps 6.8-6.9.
      address[pieceIndex] = value
      pieceIndex += 1
    }
    // Step 7.
    if let compress {
      var swaps = pieceIndex - compress
      pieceIndex = 7
      while pieceIndex != 0, swaps > 0 {
        address.swapAt(pieceIndex, compress + swaps - 1)
        pieceIndex -= 1
        swaps -= 1
      }
    } else if pieceIndex != 8 {
      // Step 8.
      return nil
    }
    return address
  }

  static func isASCIIDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

  static func hexValue(_ c: Unicode.Scalar) -> Int? {
    switch c.value {
    case 0x30...0x39: return Int(c.value - 0x30)
    case 0x41...0x46: return Int(c.value - 0x41 + 10)
    case 0x61...0x66: return Int(c.value - 0x61 + 10)
    default: return nil
    }
  }
}
