@_spi(Harness) import DOM

#if canImport(Glibc)
  import Glibc
#endif

/// The fuzz property: parse → serialize → parse → serialize gives the same text twice (with the Swift parser),
/// except for the trees HTML cannot round-trip, which are skipped by name.
///
/// Built two ways from this one file:
/// - with `-D FUZZING` (Scripts/fuzz): a libFuzzer target; `LLVMFuzzerTestOneInput` traps on a violation;
/// - without (every normal build): `fuzz-parse FILE...` replays inputs (a crash artifact, say) and exits 1
///   on a violation, printing both serializations.
enum ParseRoundTrip {
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
      report("""
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

  static func report(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }
}

#if FUZZING
  /// libFuzzer's entry point.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzParseRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if !ParseRoundTrip.check(UnsafeBufferPointer(start: data, count: size), name: "input", verbose: false) {
      fatalError("parse → serialize → parse round trip broken (input and both serializations above)")
    }
    return 0
  }

  /// libFuzzer's driver (exported by libclang_rt.fuzzer since LLVM 12; no header in the Swift toolchain).
  @_silgen_name("LLVMFuzzerRunDriver")
  func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
  ) -> CInt

  /// The program's entry point. SwiftPM links every executable with `main` aliased to `<module>_main`
  /// (`--defsym main=fuzz_parse_main`), which hides libFuzzer's own `main`; this one starts libFuzzer's driver.
  @_cdecl("fuzz_parse_main")
  public func fuzzParseMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzParseRoundTrip)
  }
#else
  @main
  struct ReplayCommand {
    static func main() {
      let paths = Array(CommandLine.arguments.dropFirst())
      guard !paths.isEmpty else {
        print("usage: fuzz-parse FILE...  (replays each file through the parse → serialize → parse check)")
        exit(2)
      }
      var failures = 0
      for path in paths {
        guard let bytes = readFile(path) else {
          print("\(path): cannot read the file; check the path and its permissions")
          failures += 1
          continue
        }
        if !bytes.withUnsafeBufferPointer({ ParseRoundTrip.check($0, name: path, verbose: true) }) { failures += 1 }
      }
      exit(failures == 0 ? 0 : 1)
    }

    static func readFile(_ path: String) -> [UInt8]? {
      guard let file = fopen(path, "rb") else { return nil }
      defer { fclose(file) }
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = fread(&chunk, 1, chunk.count, file)
        bytes.append(contentsOf: chunk[0..<count])
        if count < chunk.count { return ferror(file) == 0 ? bytes : nil }
      }
    }
  }
#endif
