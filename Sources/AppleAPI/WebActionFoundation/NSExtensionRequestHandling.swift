// A ported file that imports only Foundation still sees these names: `webaction port` builds the sources with this
// module imported implicitly (on iOS they are Foundation's).
@_exported import Foundation
@_exported import let WebActionKit.NSExtensionJavaScriptPreprocessingResultsKey
@_exported import let WebActionKit.NSExtensionJavaScriptFinalizeArgumentKey
import WebActionKit

/// What an extension's principal class adopts to receive requests (Foundation's `NSExtensionRequestHandling` on
/// iOS), as Xcode's Action template does: `class ActionRequestHandler: NSObject, NSExtensionRequestHandling`.
public protocol NSExtensionRequestHandling: NSObjectProtocol {
  /// Starts handling the request. The extension must eventually call `context.completeRequest` or
  /// `context.cancelRequest`, from any thread; the main queue runs meanwhile.
  func beginRequest(with context: NSExtensionContext)
}

/// Serves the host's requests with a principal object per request, then exits: the program of a ported extension
/// (on iOS, `NSExtensionMain` is the extension's `main` and instantiates `NSExtensionPrincipalClass`).
///
/// `webaction port` generates the call, naming the class the Info.plist names:
///
/// ```swift
/// @main enum PortedExtension {
///   static func main() { NSExtensionMain { ActionRequestHandler() } }
/// }
/// ```
///
/// Each request is handled on the main thread, whose run loop (and so `DispatchQueue.main` and
/// `OperationQueue.main`) runs until the request completes; standard output is the host's protocol channel, so
/// `print` goes to standard error.
public func NSExtensionMain(makePrincipal: @escaping () -> any NSExtensionRequestHandling) -> Never {
  exit(ExtensionService.serve { PrincipalAdapter(principal: makePrincipal()) })
}

/// Hands WebActionKit's requests to an Apple-named principal object.
final class PrincipalAdapter: ExtensionRequestHandling {
  let principal: any NSExtensionRequestHandling

  init(principal: any NSExtensionRequestHandling) {
    self.principal = principal
  }

  func beginRequest(with context: ExtensionContext) {
    principal.beginRequest(with: NSExtensionContext(context))
  }
}
