import Foundation
import TextEncodings
import WebActionKit

/// An extension ready to run: its bundle (manifest + preprocessing script) and a way to make its principal object.
public struct ExtensionSource: Sendable {
  /// The bundle: its manifest, preprocessing script and, when it has one, its program.
  public let bundle: ExtensionBundle
  /// Makes the object named by `NSExtensionPrincipalClass`, or nil when this binary does not contain that class.
  public let makePrincipalObject: @Sendable (String) -> (any ExtensionRequestHandling)?

  /// Loads the bundle at `bundleURL`; `principalClasses` makes a principal object from its class name.
  /// - Throws: `WebActionError` (bundle) when the bundle is missing or malformed.
  public init(
    bundleURL: URL, principalClasses: @escaping @Sendable (String) -> (any ExtensionRequestHandling)?
  ) throws(WebActionError) {
    do {
      bundle = try ExtensionBundle(url: bundleURL)
    } catch {
      throw WebActionError(.bundle, "\(error)")
    }
    makePrincipalObject = principalClasses
  }

  /// Whether the bundle has a native side (a program, or a principal class); without one, finalize() gets run()'s
  /// results back (``loopbackNote``).
  public var hasNativeSide: Bool {
    bundle.executableURL != nil || bundle.manifest.executable != nil || bundle.manifest.principalClass != nil
  }

  /// What a host says, once, of a bundle without a native side.
  public var loopbackNote: String {
    "\(bundle.name) has no native side (no NSExtensionPrincipalClass or CFBundleExecutable): finalize() gets run()'s results back, as a native side that returns them unchanged would; --finalize-args FILE gives it another argument"
  }

  /// Throws unless the extension's activation rule accepts what Safari offers for a page (one item with the web
  /// page and its URL, `ActivationInput.safariPage`): Safari would not offer it otherwise. `--force` skips this.
  public func requireActivation() throws(WebActionError) {
    guard !bundle.manifest.activationRule.accepts(.safariPage) else { return }
    throw WebActionError(
      .bundle,
      "\(bundle.name): its activation rule (NSExtension → NSExtensionAttributes → NSExtensionActivationRule) does not accept a web page and its URL, so Safari would not offer it for a page",
      hint: "Add NSExtensionActivationSupportsWebPageWithMaxCount = 1 to the rule, or a predicate accepting com.apple.property-list (`webaction validate` checks the bundle); --force runs it anyway.")
  }

  /// The preprocessing script's URL and source text.
  func script() throws(WebActionError) -> (url: URL, source: String) {
    guard let url = bundle.scriptURL else {
      throw WebActionError(
        .bundle, "\(bundle.name): Info.plist names no NSExtensionJavaScriptPreprocessingFile",
        hint: "Add NSExtension → NSExtensionAttributes → NSExtensionJavaScriptPreprocessingFile (the script's name without .js).")
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw WebActionError(.bundle, "\(bundle.name): cannot read the preprocessing file \(url.path)")
    }
    // A byte order mark (Windows editors write one) says the encoding and is not part of the script.
    let bytes = [UInt8](data)
    if let (encoding, length) = TextEncoding.sniffBOM(bytes) { return (url, encoding.decode(bytes[length...])) }
    guard let source = String(validating: bytes, as: UTF8.self) else {
      throw WebActionError(.bundle, "\(url.path) is not UTF-8 text")
    }
    return (url, source)
  }
}
