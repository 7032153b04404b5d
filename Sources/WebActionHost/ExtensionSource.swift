import Foundation
import WebActionKit

/// An extension ready to run: its bundle (manifest + preprocessing script) and a way to make its principal object.
public struct ExtensionSource: Sendable {
  public let bundle: ExtensionBundle
  /// Makes the object named by `NSExtensionPrincipalClass`, or nil when this binary does not contain that class.
  public let makePrincipalObject: @Sendable (String) -> (any ExtensionRequestHandling)?

  public init(
    bundleURL: URL, principalClasses: @escaping @Sendable (String) -> (any ExtensionRequestHandling)?
  ) throws(WebActionError) {
    do {
      bundle = try ExtensionBundle(url: bundleURL)
    } catch {
      throw WebActionError(.bundle, "\(error)")
    }
    // An extension runs only on what its rule accepts: Safari offers a page as one web page.
    guard bundle.manifest.activationRule.accepts(webPages: 1, webURLs: 0) else {
      throw WebActionError(
        .bundle,
        "\(bundle.name): its activation rule (NSExtension → NSExtensionAttributes → NSExtensionActivationRule) does not accept a web page, so Safari would not offer it for one",
        hint: "Add NSExtensionActivationSupportsWebPageWithMaxCount = 1 to the rule, or a predicate accepting com.apple.property-list (`webaction validate` checks the bundle).")
    }
    makePrincipalObject = principalClasses
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
    guard let source = String(data: data, encoding: .utf8) else {
      throw WebActionError(.bundle, "\(url.path) is not UTF-8 text")
    }
    return (url, source)
  }
}
