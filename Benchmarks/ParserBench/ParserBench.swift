@_spi(Harness) import DOM

#if canImport(Glibc)
  import Glibc
#endif

/// `parser-bench [--iterations N] FILE...`: times each parser on each page and prints one Markdown table.
///
/// Every page is read once. For each page, each parser parses it once untimed (warm-up), then N times timed;
/// the page's time is the mean of those N. A parse includes building the parser's tree and freeing it.
/// Parsers run interleaved page by page, so drift in machine load hits them alike.
@main
struct ParserBench {
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
    guard !arguments.isEmpty else { fail("usage: parser-bench [--iterations N] FILE.html...") }
    let pages = arguments.map { path -> String in
      guard let text = readUTF8(path) else { fail("\(path): cannot read the file; check the path") }
      return text
    }
    let parsers = ParserHarness.Parser.allCases
    var perPage: [ParserHarness.Parser: [Double]] = [:]
    let clock = ContinuousClock()
    for page in pages {
      for parser in parsers {
        ParserHarness.parseAndFree(page, with: parser)
        let elapsed = clock.measure {
          for _ in 0..<iterations { ParserHarness.parseAndFree(page, with: parser) }
        }
        perPage[parser, default: []].append(seconds(elapsed) / Double(iterations))
      }
    }
    let bytes = pages.reduce(0) { $0 + $1.utf8.count }
    print("Parser benchmark: \(pages.count) pages, \(bytes / pages.count / 1024) KB per page on average, "
          + "\(iterations) timed parses per page and parser (median and mean are of per-page times).\n")
    print("| parser | median ms/page | mean ms/page | total ms (all pages once) | pages/s | MB/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for parser in parsers {
      let times = perPage[parser]!
      let total = times.reduce(0, +)
      print("| \(label(parser)) | \(ms(median(times))) | \(ms(total / Double(times.count))) | \(ms(total)) | "
            + "\(fixed(Double(times.count) / total, 1)) | \(fixed(Double(bytes) / total / 1_000_000, 1)) |")
    }
    let swift = median(perPage[.swift]!)
    print("")
    var ratios = "Median ratios: swift / libxml2 = \(fixed(swift / median(perPage[.libxml2]!), 2))×"
    #if Gumbo
    ratios += ", swift / gumbo (+ libxml2 tree) = \(fixed(swift / median(perPage[.gumbo]!), 2))×"
      + ", swift / gumbo alone = \(fixed(swift / median(perPage[.gumboAlone]!), 2))×"
    #else
    ratios += " (gumbo is not built: run Scripts/bench parser, which builds with --traits Gumbo)"
    #endif
    print(ratios + ".")
  }

  static func label(_ parser: ParserHarness.Parser) -> String {
    switch parser {
    case .swift: return "swift (HTML5Parser → libxml2 tree)"
    case .libxml2: return "libxml2 htmlReadMemory (not HTML5)"
    #if Gumbo
    case .gumbo: return "gumbo → libxml2 tree (webaction's former parser)"
    case .gumboAlone: return "gumbo alone (gumbo_parse + gumbo_destroy_output)"
    #endif
    }
  }

  static func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) / 1e18
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func ms(_ seconds: Double) -> String { fixed(seconds * 1000, 3) }

  /// `value` with `digits` decimals (no Foundation formatting).
  static func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if text.contains("e") { return text }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let decimals = parts.count > 1 ? String(parts[1]) : ""
    text = String(parts[0]) + (digits > 0 ? "." + decimals.padding(to: digits) : "")
    return text
  }

  static func readUTF8(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&chunk, 1, chunk.count, file)
      bytes.append(contentsOf: chunk[0..<count])
      if count < chunk.count { break }
    }
    return ferror(file) == 0 ? String(decoding: bytes, as: UTF8.self) : nil
  }

  static func fail(_ message: String) -> Never {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }  // stderr (the global FILE* is not concurrency-safe)
    exit(2)
  }
}

extension String {
  fileprivate func padding(to length: Int) -> String {
    count >= length ? String(prefix(length)) : self + String(repeating: "0", count: length - count)
  }
}
