// Re-exported the way UIKit re-exports Foundation, so that a ported extension needs only `import WebActionKit`.
@_exported import Foundation

/// The key, in the property-list attachment of the input item, whose value is the dictionary the page's
/// `ExtensionPreprocessingJS.run()` passed to its completion function (Apple's key string).
public let NSExtensionJavaScriptPreprocessingResultsKey = "NSExtensionJavaScriptPreprocessingResultsKey"

/// The key, in a property-list attachment the extension returns, whose value becomes the argument of the page's
/// `ExtensionPreprocessingJS.finalize()` (Apple's key string).
public let NSExtensionJavaScriptFinalizeArgumentKey = "NSExtensionJavaScriptFinalizeArgumentKey"

/// The key, in the input item's `userInfo`, of the `[String: String]` built from the CLI's `--arg KEY=VALUE` pairs.
public let WebActionArgumentsKey = "WebActionArgumentsKey"

extension ExtensionItem {
  /// The CLI's `--arg KEY=VALUE` pairs, read from `userInfo[WebActionArgumentsKey]`; empty when there are none.
  public var webActionArguments: [String: String] {
    get { (userInfo?[WebActionArgumentsKey] as? [String: String]) ?? [:] }
    set {
      var info = userInfo ?? [:]
      info[WebActionArgumentsKey] = newValue
      userInfo = info
    }
  }
}
