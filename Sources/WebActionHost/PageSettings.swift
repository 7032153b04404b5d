import Foundation
import WebActionKit

/// Everything about a run that is the same for every page: the options `run` and `batch` share.
///
/// Codable, so that `batch` hands it to its worker processes as it is.
public struct PageSettings: Codable, Sendable, Equatable {
  /// `--url`: overrides the recorded, saved-from and file URLs.
  public var url: String?
  /// `--encoding`: used when the page has no BOM, declares no charset and its archive recorded none.
  public var encoding: String?
  /// `--max-page-size`: the largest page read, in bytes (nil: no limit); a larger one fails with exit 3.
  public var maximumPageSize: Int? = ActionRequest.defaultMaximumPageSize
  /// `--max-depth`: the most elements the markup may nest (nil: no limit); a page nesting deeper fails with exit 3.
  public var maximumNestingDepth: Int?
  /// `--selection`: what `window.getSelection()` reports.
  public var selection: String?
  /// `--viewport WxH[@RATIO]`: the window's size in CSS pixels and its device pixel ratio, which `innerWidth`,
  /// `innerHeight`, `screen`, `devicePixelRatio`, `matchMedia`, `@media` rules and `vw`/`vh` units all follow.
  public var viewport = Viewport()
  /// `--user-agent`: `navigator.userAgent` (nil: Safari on an iPhone, `DOMBindings.WindowOptions.userAgent`).
  public var userAgent: String?
  /// `--arg KEY=VALUE` pairs, handed to the extension in the input item's userInfo.
  public var arguments: [String: String] = [:]
  /// `--finalize-args FILE`: the file, read by each process that runs pages (``ActionRequest/finalizeArguments``
  /// holds what it read).
  public var finalizeArgumentsFile: String?
  /// Seconds to wait for `completionFunction`, and for finalize()'s timers to settle.
  public var timeout: TimeInterval = 10
  /// Seconds to wait for the native extension's `completeRequest`.
  public var extensionTimeout: TimeInterval = 300
  /// `--isolate`: run a built-in principal class in a process of its own, as a bundle's executable always runs.
  public var isolate = false
  /// `--extension-memory-limit`: bytes of data (RLIMIT_DATA) an extension process may use (nil: no limit); 120 MB,
  /// like iOS's limit for Action extensions.
  public var extensionMemoryLimit: Int? = 120 * 1_048_576
  /// The watchdog: the longest one script evaluation or callback may run before it is stopped.
  public var scriptTimeLimit: TimeInterval = 5
  /// The memory limit: scripts that grow the process's resident memory past this many bytes are stopped (nil: none).
  public var memoryLimit: Int? = 4096 * 1_048_576
  /// `--scripts`: run the page's own classic scripts while it loads (external ones only from `subresources`).
  public var runPageScripts = false
  /// With `runPageScripts`: seconds the page's own timers may run after loading, before the extension's script;
  /// timers still pending then are cancelled (so a carousel's setInterval cannot hold up or fail the run).
  public var pageTimersTime: TimeInterval = 1
  /// `--verbose`: webaction also reports how it read each page (the encoding it decoded it as, and why), as
  /// `debug` diagnostics.
  public var verboseNotes = false
  /// `--strict-errors`: an exception a timer or promise callback throws after the extension's script started (an
  /// unhandled rejection included) fails the page (exit 5), as tests want. Off, as in Safari: it is reported to the
  /// console, as an `error` event at the window, and the page goes on (a later `completionFunction` still counts).
  public var strictCallbackErrors = false
  /// `--subresources DIR`: same-origin `<link rel=stylesheet>` files (and with `runPageScripts`, `<script src>` files)
  /// are read from these folders.
  public var subresources = SubresourceFolders()

  /// The defaults, as `run` uses them without options.
  public init() {}
}

/// A window's size in CSS pixels and its device pixel ratio: `390x844` (an iPhone's, the default: a Safari Action
/// extension runs on a phone) or any `WIDTHxHEIGHT`, optionally `@RATIO` (`1024x768@2`).
public struct Viewport: Codable, Sendable, Equatable, CustomStringConvertible {
  public var width: Double = 390
  public var height: Double = 844
  public var devicePixelRatio: Double = 1

  public init() {}

  public init(width: Double, height: Double, devicePixelRatio: Double = 1) {
    self.width = width
    self.height = height
    self.devicePixelRatio = devicePixelRatio
  }

  /// Reads `WIDTHxHEIGHT` or `WIDTHxHEIGHT@RATIO`; nil for anything else (sizes from 1 to 100,000 pixels, a ratio
  /// above 0 and at most 10).
  public init?(_ text: String) {
    let parts = text.lowercased().split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
    guard size.count == 2, let width = Double(size[0]), let height = Double(size[1]),
      (1...100_000).contains(width), (1...100_000).contains(height)
    else { return nil }
    var ratio = 1.0
    if parts.count == 2 {
      guard let given = Double(parts[1]), given > 0, given <= 10 else { return nil }
      ratio = given
    }
    self.init(width: width, height: height, devicePixelRatio: ratio)
  }

  /// `390x844`, or `1024x768@2` when the ratio is not 1.
  public var description: String {
    let number = { (value: Double) in value.rounded() == value ? String(Int(value)) : String(value) }
    return "\(number(width))x\(number(height))" + (devicePixelRatio == 1 ? "" : "@\(number(devicePixelRatio))")
  }
}
