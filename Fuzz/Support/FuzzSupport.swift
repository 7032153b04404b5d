#if canImport(Glibc)
  import Glibc
#endif

/// One fuzz target: a property checked on any input.
public protocol FuzzTarget {
  /// The replay command's usage line, like `fuzz-parse FILE...  (replays each file through ...)`.
  static var usage: String { get }
  /// Checks one input; prints the verdict when `verbose`, and the input and the problem on a violation (through
  /// ``Fuzzing/report(_:)``). False on a violation.
  static func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String, verbose: Bool) -> Bool
}

/// What every fuzz target shares: libFuzzer's driver, the replay command of the plain build, and unbuffered reports.
///
/// Each target under `Fuzz/` is one executable built two ways from its files:
/// - with `-D FUZZING` (Scripts/fuzz): a libFuzzer target whose `<module>_main` calls ``runLibFuzzer(_:_:_:)``;
///   a violation traps, so libFuzzer saves the input;
/// - without (every normal build): `fuzz-NAME FILE...` replays inputs (a crash artifact, say) through
///   ``replay(_:)`` and exits 1 on a violation.
public enum Fuzzing {
  /// Writes `text` straight to stderr, unbuffered: in the fuzzer a trap follows at once.
  public static func report(_ text: String) {
    var text = text
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }

  /// The replay command: checks each file named on the command line; exits 0 when every file passes, 1 otherwise,
  /// 2 without files.
  public static func replay(_ target: any FuzzTarget.Type) -> Never {
    let paths = Array(CommandLine.arguments.dropFirst())
    guard !paths.isEmpty else {
      print("usage: \(target.usage)")
      exit(2)
    }
    var failures = 0
    for path in paths {
      guard let bytes = readFile(path) else {
        print("\(path): cannot read the file; check the path and its permissions")
        failures += 1
        continue
      }
      if !bytes.withUnsafeBufferPointer({ target.check($0, name: path, verbose: true) }) { failures += 1 }
    }
    exit(failures == 0 ? 0 : 1)
  }

  /// The bytes of the file at `path`, or nil when it cannot be read.
  public static func readFile(_ path: String) -> [UInt8]? {
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

  #if FUZZING
    /// The target libFuzzer runs (one per process).
    nonisolated(unsafe) static var target: (any FuzzTarget.Type)?

    /// Starts libFuzzer's driver with the program's arguments, each input going to `target`.
    ///
    /// SwiftPM links every executable with `main` aliased to `<module>_main` (`--defsym main=fuzz_parse_main`),
    /// which hides libFuzzer's own `main`; each target's `<module>_main` calls this instead.
    public static func runLibFuzzer(
      _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, _ target: any FuzzTarget.Type
    ) -> CInt {
      Fuzzing.target = target
      var count = argc
      var arguments = argv
      return LLVMFuzzerRunDriver(&count, &arguments, fuzzTestOneInput)
    }
  #endif
}

#if FUZZING
  /// libFuzzer's entry point (its own `main`, linked in by `-sanitize=fuzzer` though never run, needs the symbol).
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let target = Fuzzing.target else { return 0 }
    if !target.check(UnsafeBufferPointer(start: data, count: size), name: "input", verbose: false) {
      fatalError("\(target) found a violation (the input and the problem above)")
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
#endif

/// Reads the fuzz input a byte at a time, for targets that build structured values from it: past the end every read
/// gives 0, so any input decodes to something.
public struct FuzzBytes {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var position = 0

  public init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// True once every byte was read.
  public var isEmpty: Bool { position >= bytes.count }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// The next byte reduced to `0..<count` (`count` > 0).
  public mutating func choose(_ count: Int) -> Int { Int(byte()) % count }

  /// The next `count` bytes (fewer at the end).
  public mutating func bytes(_ count: Int) -> ArraySlice<UInt8> {
    let end = min(bytes.count, position + count)
    defer { position = max(position, end) }
    return position < end ? Array(bytes[position..<end])[...] : []
  }

  /// Everything not read yet.
  public mutating func rest() -> ArraySlice<UInt8> { bytes(max(0, bytes.count - position)) }
}
