import WebActionKit

/// Apple's documented sample Action extension: makes the page background red, or green when it already has one.
///
/// `--arg color=X` forces the colour X.
public enum BackgroundExtension: BuiltInExtension {
  public static let name = "background"

  public static var bundleURL: URL {
    guard let url = Bundle.module.url(forResource: "background", withExtension: "appex") else {
      fatalError("BackgroundExtension: background.appex is missing from the module's resource bundle; rebuild webaction")
    }
    return url
  }

  public static func makePrincipalObject(className: String) -> (any ExtensionRequestHandling)? {
    className == "ActionRequestHandler" ? ActionRequestHandler() : nil
  }
}

/// The principal class: Apple's template logic (no colour → "red", a colour → "green"), plus the `color` argument.
final class ActionRequestHandler: ExtensionRequestHandling {
  func beginRequest(with context: ExtensionContext) {
    let forced = context.webActionArguments["color"].flatMap { $0.isEmpty ? nil : $0 }
    let results: PropertyList?
    do {
      results = try context.javaScriptPreprocessingResults()
    } catch {
      context.cancelRequest(withError: error)
      return
    }
    guard let results else {
      // Apple's template: no preprocessing results, nothing to pass back (unless a colour was asked for).
      context.completeRequest(returningItems: forced.map { [Self.finalizeItem($0)] } ?? [])
      return
    }
    let current = results["currentBackgroundColor"]?.string ?? ""
    context.completeRequest(returningItems: [Self.finalizeItem(forced ?? (current.isEmpty ? "red" : "green"))])
  }

  private static func finalizeItem(_ color: String) -> ExtensionItem {
    ExtensionItem(finalizeArgument: ["newBackgroundColor": .string(color)])
  }
}
