import FuzzSupport
import JSBridge
@_spi(Harness) import WebActionHost
import WebActionKit

/// The fuzz property for the conversion `completionFunction` results go through (JS value → property list).
///
/// An input whose first byte is ASCII is JavaScript source; any other first byte makes the rest a recipe that
/// ``ValueScript`` turns into a script building nested arrays, objects, strings, numbers, dates, typed arrays,
/// cycles, shared values, getters, proxies and values that cannot cross. The script's completion value is converted;
/// checked: no trap; the outcome is a property list, a `ConversionError` whose path starts at the root, or a
/// `ScriptError` (a getter or proxy trap threw, the watchdog fired); a property list respects the depth and count
/// limits, comes back unchanged from WebActionKit's binary, XML (up to 64 levels) and JSON writers and readers, and
/// from the way back to JS and the conversion again.
///
/// Each input runs in a fresh realm (its own global object and built-ins) of one context group kept for the process,
/// under a 1 s watchdog and a memory limit, so inputs stay independent.
///
/// Built two ways from this one file (see FuzzSupport): a libFuzzer target with `-D FUZZING` (Scripts/fuzz), else
/// `fuzz-plist-bridge FILE...`, which replays inputs.
enum PlistBridgeConversion: FuzzTarget {
  static let usage = "fuzz-plist-bridge FILE...  (an ASCII first byte: JavaScript; else a value recipe)"

  /// Keeps the group (and its watchdog and memory limit) alive between inputs.
  nonisolated(unsafe) static let anchor: ScriptContext = {
    let context = ScriptContext(name: "fuzz-anchor")
    context.executionTimeLimit = 1
    context.memoryLimit = 1_500_000_000
    return context
  }()

  static func check(_ bytes: UnsafeBufferPointer<UInt8>, name: String, verbose: Bool) -> Bool {
    let source: String
    if let first = bytes.first, first >= 0x80 {
      var input = FuzzBytes(UnsafeBufferPointer(rebasing: bytes.dropFirst()))
      source = ValueScript.make(from: &input)
    } else {
      source = String(decoding: bytes, as: UTF8.self)
    }
    let context = ScriptContext(name: "fuzz", sharingGroupWith: anchor)
    defer { context.close() }
    let value: ScriptValue
    do {
      value = try context.evaluate(source, sourceURL: "fuzz.js")
    } catch {
      if verbose { print("\(name): the script failed: \(error)") }
      return true
    }
    let problem: String?
    do {
      let bridge = try PropertyListBridge(context: context) { _ in }
      let plist = try bridge.propertyList(from: value, path: "results")
      problem = checkConverted(plist, bridge: bridge)
      if verbose, problem == nil { print("\(name): \(plist)") }
    } catch let error as PropertyListBridge.ConversionError {
      problem = error.path.hasPrefix("results") && !error.message.isEmpty ? nil : "a malformed error: \(error)"
      if verbose, problem == nil { print("\(name): \(error.path): \(error.message)") }
    } catch let error as ScriptError {
      if verbose { print("\(name): a script error during the conversion: \(error)") }
      problem = nil
    } catch {
      problem = "an unexpected error \(type(of: error)): \(error)"
    }
    guard let problem else { return true }
    Fuzzing.report("""
      \(name): conversion violation: \(problem)
      --- script
      \(source)
      ---

      """)
    return false
  }

  static func checkConverted(_ plist: PropertyList, bridge: PropertyListBridge) -> String? {
    var (depth, count) = (0, 0)
    measure(plist, level: 1, depth: &depth, count: &count)
    guard depth <= PropertyListBridge.maximumDepth, count <= PropertyListBridge.maximumValueCount else {
      return "a value \(depth) deep with \(count) values passed the limits"
    }
    // Past 64 levels, JSON only: Foundation's XML and binary writers bridge nested dictionaries in time quadratic in
    // the depth (seconds per input under ASan at 512 levels); PropertyListBridgeTests round-trips the deepest value.
    for format in PropertyList.Format.allCases where depth <= 64 || format == .json {
      if let problem = plist.roundTripProblem(format) { return problem }
    }
    do {
      let again = try bridge.propertyList(from: try bridge.scriptValue(from: plist), path: "again")
      guard again == plist else { return "back to JS and converted again, the value changed:\n  \(plist)\n  \(again)" }
    } catch {
      return "back to JS and converted again, the value fails: \(error)"
    }
    return nil
  }

  private static func measure(_ plist: PropertyList, level: Int, depth: inout Int, count: inout Int) {
    count += 1
    switch plist {
    case .array(let elements):
      depth = max(depth, level)
      for element in elements { measure(element, level: level + 1, depth: &depth, count: &count) }
    case .dictionary(let entries):
      depth = max(depth, level)
      for value in entries.values { measure(value, level: level + 1, depth: &depth, count: &count) }
    default: break
    }
  }
}

#if FUZZING
  /// The program's entry point (see `Fuzzing.runLibFuzzer`).
  @_cdecl("fuzz_plist_bridge_main")
  public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzzing.runLibFuzzer(argc, argv, PlistBridgeConversion.self)
  }
#else
  @main
  struct ReplayCommand {
    static func main() { Fuzzing.replay(PlistBridgeConversion.self) }
  }
#endif
