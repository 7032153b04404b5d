import TextEncodings

#if canImport(Glibc)
  import Glibc
#endif

/// `encoding-bench [--iterations N]`: decoding speed of the WHATWG decoders (TextEncodings) against glibc's iconv,
/// which decoded pages in these encodings before; prints one Markdown table.
///
/// For each encoding a page of about 300 KB is made in memory: 3,000 `<p class="t">…</p>` lines of 30 characters
/// drawn (seeded) from everything the encoding's encoder can write, with a space every 6. Each decoder decodes it
/// once untimed, then N times timed, interleaved; the figure is the median of the thread's CPU time. iconv runs as webaction ran it: the
/// same iconv names, one U+FFFD per invalid byte.
@main
struct EncodingBench {
  /// The encodings iconv decoded, with the iconv names HTMLEncoding used.
  static let encodings: [(TextEncoding, [String])] = [
    (.windows1251, ["WINDOWS-1251", "CP1251"]), (.koi8R, ["KOI8-R"]), (.gbk, ["GB18030", "GBK"]),
    (.gb18030, ["GB18030"]), (.big5, ["BIG5-HKSCS", "BIG5"]), (.shiftJIS, ["CP932", "SHIFT_JIS"]),
    (.eucJP, ["EUC-JP"]), (.iso2022JP, ["ISO-2022-JP"]), (.eucKR, ["CP949", "UHC", "EUC-KR"]),
  ]

  static func main() {
    var arguments = Array(CommandLine.arguments.dropFirst())
    var iterations = 5
    if let index = arguments.firstIndex(of: "--iterations") {
      guard index + 1 < arguments.count, let n = Int(arguments[index + 1]), n > 0 else {
        fail("--iterations needs a positive whole number, e.g. --iterations 5")
      }
      iterations = n
      arguments.removeSubrange(index...index + 1)
    }
    guard arguments.isEmpty else { fail("usage: encoding-bench [--iterations N]") }
    print("Decoding benchmark: one synthetic page per encoding (3,000 lines of markup and 30 characters), "
          + "\(iterations) timed decodes each (median of thread CPU time).\n")
    print("| encoding | page KB | WHATWG (TextEncodings) ms | iconv ms | WHATWG MB/s | iconv MB/s | WHATWG / iconv |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (encoding, iconvNames) in encodings {
      let page = makePage(encoding)
      guard IconvDecoder.decode(page, candidates: iconvNames) != nil else { fail("iconv lacks \(iconvNames)") }
      var whatwg: [Double] = [], iconv: [Double] = []
      _ = encoding.decode(page)
      for _ in 0..<iterations {
        whatwg.append(cpuSeconds { _ = encoding.decode(page) })
        iconv.append(cpuSeconds { _ = IconvDecoder.decode(page, candidates: iconvNames) })
      }
      let (w, i) = (median(whatwg), median(iconv))
      let mb = Double(page.count) / 1_000_000
      print("| \(encoding.name) | \(page.count / 1024) | \(fixed(w * 1000, 2)) | \(fixed(i * 1000, 2)) | "
            + "\(fixed(mb / w, 0)) | \(fixed(mb / i, 0)) | \(fixed(w / i, 2))× |")
    }
  }

  /// The page's bytes in `encoding`.
  static func makePage(_ encoding: TextEncoding) -> [UInt8] {
    let repertoire = characters(encodableIn: encoding)
    var random = SplitMix(state: 12)
    var text = ""
    for _ in 0..<3000 {
      text += "<p class=\"t\">"
      for i in 0..<30 { text.unicodeScalars.append(i % 6 == 5 ? " " : repertoire[random.next(below: repertoire.count)]) }
      text += "</p>\n"
    }
    var encoder = TextEncoder(encoding: encoding)!
    return encoder.encode(text)
  }

  /// The non-ASCII characters one- and two-byte sequences decode to that the encoder writes back.
  static func characters(encodableIn encoding: TextEncoding) -> [Unicode.Scalar] {
    var found: [Unicode.Scalar] = []
    var seen = Set<UInt32>()
    let probe = encoding == .iso2022JP ? TextEncoding.eucJP : encoding
    for lead in UInt8(0x80)...0xFE {
      let sequences: [[UInt8]] = [[lead]] + (0x40...0xFE).map { [lead, UInt8($0)] }
      for bytes in sequences {
        let scalars = Array(probe.decode(bytes).unicodeScalars)
        guard scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x80, scalar.value != 0xFFFD,
          seen.insert(scalar.value).inserted
        else { continue }
        var encoder = TextEncoder(encoding: encoding)!
        var output: [UInt8] = []
        if encoder.encode(scalar, into: &output) == nil { found.append(scalar) }
      }
    }
    return found
  }

  /// The CPU time this thread spends in `body` (steadier than wall time on a shared machine).
  static func cpuSeconds(_ body: () -> Void) -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

  /// `value` with `digits` decimals.
  static func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard digits > 0 else { return String(scaled) }
    let fraction = String(scaled % scale)
    return "\(scaled / scale)." + String(repeating: "0", count: digits - fraction.count) + fraction
  }

  static func fail(_ message: String) -> Never {
    let line = "encoding-bench: " + message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }  // stderr (the global FILE* is not concurrency-safe)
    exit(2)
  }
}

/// A seeded generator, so that every run decodes the same pages.
struct SplitMix {
  var state: UInt64
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

/// Decodes bytes to UTF-8 text with iconv as webaction did before TextEncodings (the baseline): every invalid or
/// truncated sequence becomes one U+FFFD and decoding resumes at the next byte.
enum IconvDecoder {
  /// The decoded text, or nil when iconv knows none of `candidates`.
  static func decode(_ bytes: [UInt8], candidates: [String]) -> String? {
    guard let cd = candidates.lazy.compactMap({ name -> iconv_t? in
      let cd = iconv_open("UTF-8", name)
      return cd.map { Int(bitPattern: $0) } == -1 ? nil : cd
    }).first else { return nil }
    defer { iconv_close(cd) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 2 + 16)
    var chunk = [UInt8](repeating: 0, count: max(256, min(bytes.count * 4 + 16, 1 << 20)))
    var input = bytes
    input.withUnsafeMutableBufferPointer { inputBuffer in
      var inPtr = inputBuffer.baseAddress.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) }
      var inLeft = inputBuffer.count
      chunk.withUnsafeMutableBufferPointer { chunkBuffer in
        let chunkStart = UnsafeMutableRawPointer(chunkBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
        func drain(_ outPtr: UnsafeMutablePointer<CChar>?) {
          output.append(contentsOf: UnsafeBufferPointer(start: chunkBuffer.baseAddress!, count: (outPtr ?? chunkStart) - chunkStart))
        }
        while true {
          var outPtr: UnsafeMutablePointer<CChar>? = chunkStart
          var outLeft = chunkBuffer.count
          let result = inLeft > 0 ? iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft) : iconv(cd, nil, nil, &outPtr, &outLeft)
          let failure = result == -1 ? errno : 0
          drain(outPtr)
          if failure == E2BIG { continue }
          if failure == EILSEQ {
            output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            inPtr = inPtr! + 1
            inLeft -= 1
            continue
          }
          if failure == EINVAL {
            output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            inLeft = 0
            continue
          }
          if inLeft == 0 && result != -1 { break }
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
