@_spi(Harness) import DOM
import FuzzSupport

/// The fuzz property: parse → serialize → parse → serialize gives the same text twice (with the Swift parser),
/// except for the trees HTML cannot round-trip, which are skipped by name.
///
/// Built two ways from this one file (see FuzzSupport): a libFuzzer target with `-D FUZZING` (Scripts/fuzz), else
/// `fuzz-parse FILE...`, which replays inputs and prints both serializations on a violation.
enum ParseRoundTrip: FuzzTarget {
  static let usage = "fuzz-parse FILE...  (replays each file through the parse → serialize → parse check)"

  /// Checks one input; prints the verdict when `verbose` or on a violation. False on a violation.
  static func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String, verbose: Bool) -> Bool {
    let html = String(decoding: bytes, as: UTF8.self)
    switch ParserHarness.checkRoundTrip(html) {
    case .stable:
      if verbose { print("\(name): stable") }
      return true
    case .knownException(let exception):
      if verbose { print("\(name): skipped, \(exception.rawValue): \(exception.reason)") }
      return true
    case .violation(let first, let second):
      // Straight to stderr, unbuffered: in the fuzzer a trap follows at once.
      Fuzzing.report("""
        \(name): round-trip violation: serialize(parse(S1)) != S1
        --- input (\(bytes.count) bytes, as UTF-8)
        \(html)
        --- S1 = serialize(parse(input))
        \(first)
        --- S2 = serialize(parse(S1))
        \(second)
        ---

        """)
      return false
    }
  }
}

#if FUZZING
  /// The program's entry point (see `Fuzzing.runLibFuzzer`).
  @_cdecl("fuzz_parse_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzzing.runLibFuzzer(argc, argv, ParseRoundTrip.self)
  }
#else
  @main
  struct ReplayCommand {
    static func main() { Fuzzing.replay(ParseRoundTrip.self) }
  }
#endif
