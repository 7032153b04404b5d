/// Punycode (RFC 3492), the ASCII form of an internationalized label (`β` ⇄ `nxa`).
///
/// https://www.rfc-editor.org/rfc/rfc3492
enum Punycode {
  static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 0x80

  /// RFC 3492 section 6.1.
  static func adapt(_ delta: Int, _ numPoints: Int, _ firstTime: Bool) -> Int {
    var delta = firstTime ? delta / damp : delta / 2
    delta += delta / numPoints
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }

  static func digit(_ d: Int) -> Unicode.Scalar { Unicode.Scalar(UInt8(d < 26 ? d + 0x61 : d - 26 + 0x30)) }

  /// RFC 3492 section 6.3; nil on overflow.
  static func encode(_ input: [Unicode.Scalar]) -> String? {
    var output = String.UnicodeScalarView()
    for c in input where c.isASCII { output.append(c) }
    let basicCount = output.count
    var handled = basicCount
    if basicCount > 0 { output.append("-") }
    var n = initialN, delta = 0, bias = initialBias
    let values = input.map { Int($0.value) }
    while handled < values.count {
      guard let m = values.filter({ $0 >= n }).min() else { break }
      let (product, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int(Int32.max) - product else { return nil }
      delta += product
      n = m
      for c in values {
        if c < n {
          delta += 1
          if delta > Int(Int32.max) { return nil }
        }
        if c == n {
          var q = delta, k = base
          while true {
            let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
            if q < t { break }
            output.append(digit(t + (q - t) % (base - t)))
            q = (q - t) / (base - t)
            k += base
          }
          output.append(digit(q))
          bias = adapt(delta, handled + 1, handled == basicCount)
          delta = 0
          handled += 1
        }
      }
      delta += 1
      n += 1
    }
    return String(output)
  }

  /// RFC 3492 section 6.2; nil for invalid input.
  static func decode(_ input: Substring) -> [Unicode.Scalar]? {
    let scalars = Array(input.unicodeScalars)
    var output: [Unicode.Scalar] = []
    var start = 0
    if let lastDelimiter = scalars.lastIndex(of: "-") {
      for c in scalars[..<lastDelimiter] {
        guard c.isASCII else { return nil }
        output.append(c)
      }
      start = lastDelimiter + 1
    }
    var n = initialN, i = 0, bias = initialBias
    var index = start
    while index < scalars.count {
      let oldI = i
      var w = 1, k = base
      while true {
        guard index < scalars.count else { return nil }
        let c = scalars[index].value
        index += 1
        let d: Int
        switch c {
        case 0x30...0x39: d = Int(c) - 0x30 + 26
        case 0x41...0x5A: d = Int(c) - 0x41
        case 0x61...0x7A: d = Int(c) - 0x61
        default: return nil
        }
        let (product, overflow) = d.multipliedReportingOverflow(by: w)
        guard !overflow, i <= Int(Int32.max) - product else { return nil }
        i += product
        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
        if d < t { break }
        let (nextW, wOverflow) = w.multipliedReportingOverflow(by: base - t)
        guard !wOverflow, nextW <= Int(Int32.max) else { return nil }
        w = nextW
        k += base
      }
      bias = adapt(i - oldI, output.count + 1, oldI == 0)
      n += i / (output.count + 1)
      guard n <= 0x10FFFF, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
      i %= output.count + 1
      output.insert(scalar, at: i)
      i += 1
    }
    return output
  }
}
