import Foundation
import WebActionKit

/// The built-in `translate` extension: machine translation of whole pages with their markup intact.
///
/// Arguments: `to` (required unless run() provides it), `from` (read by Action.js), `engine`
/// (apertium | apy | libretranslate), `endpoint`, `api_key`, `cache=off`. `engine`, `endpoint` and `api_key` can
/// also be stored in the App Group suite `group.com.webaction.translate`.
public enum TranslateExtension: BuiltInExtension {
  public static let name = "translate"

  /// The App Group the extension keeps its translation memory and defaults in.
  public static let appGroup = "group.com.webaction.translate"

  public static var bundleURL: URL {
    guard let url = Bundle.module.url(forResource: "translate", withExtension: "appex") else {
      fatalError("TranslateExtension: translate.appex is missing from the module's resource bundle; rebuild webaction")
    }
    return url
  }

  public static func makePrincipalObject(className: String) -> (any ExtensionRequestHandling)? {
    className == "TranslateRequestHandler" ? TranslateRequestHandler() : nil
  }
}

/// The principal class: reads `{from, to, segments, attributes}`, translates them, and returns
/// `{translations, attributes, lang, damaged}` for `finalize()`.
final class TranslateRequestHandler: ExtensionRequestHandling, ExtensionPreparing, Sendable {
  /// Where the engines live; tests use their own.
  let engines: EngineCache
  /// The App Group container (translation memory, defaults); nil means the extension's default group.
  let group: AppGroup

  /// Entered while `prepare` warms an engine (tests wait on it).
  let warming = DispatchGroup()

  init(engines: EngineCache = .shared, group: AppGroup = AppGroup(identifier: TranslateExtension.appGroup)) {
    self.engines = engines
    self.group = group
  }

  /// Starts (and warms) the Apertium pipeline the page will most likely need while webaction loads the page, so its
  /// ~0.1–0.2 s start-up overlaps page loading and run(). The pair: `from` → `to` when both are given, else the only
  /// installed pair into `to`. Nothing happens for HTTP engines, an unknown pair, or an ambiguous one.
  func prepare(arguments: [String: String]) {
    guard let to = arguments["to"], !to.isEmpty else { return }
    let defaults = SharedDefaults(suiteName: TranslateExtension.appGroup, group: group)
    guard let choice = try? EngineChoice(arguments: arguments, defaults: { defaults?.string(forKey: $0) }),
      choice.engine == "apertium"
    else { return }
    let installed = LanguagePair.installed()
    let pair: LanguagePair
    if let from = arguments["from"], !from.isEmpty {
      pair = LanguagePair(from: from, to: to)
    } else {
      let target = LanguagePair(from: to, to: to).target
      let candidates = installed.filter { $0.target == target }
      guard candidates.count == 1 else { return }
      pair = candidates[0]
    }
    guard installed.contains(pair) else { return }
    let engines = self.engines
    let warming = self.warming
    warming.enter()
    Thread.detachNewThread {
      // The engine starts one pipeline per pair, so beginRequest uses the one on its way, its requests after these.
      _ = try? engines.withEngine(for: choice) { engine in try engine.translate(["Hello."], pair: pair) }
      warming.leave()
    }
  }

  /// Requests are translated here and complete from here: beginRequest returns at once, so the host can load and
  /// run the next page while the engine translates this one. Concurrent: two pages' requests can be in Apertium's
  /// pipeline at once, so its stages do not wait between pages (an engine that cannot serve two pages at once lends
  /// itself to one at a time, ``EngineCache``).
  private static let requests = DispatchQueue(label: "com.webaction.translate.requests", attributes: .concurrent)

  func beginRequest(with context: ExtensionContext) {
    Self.requests.async { self.translate(context) }
  }

  private func translate(_ context: ExtensionContext) {
    do {
      let arguments = context.webActionArguments
      guard let results = try context.javaScriptPreprocessingResults(),
        let dictionary = results.foundationObject as? [String: Any]
      else {
        throw TranslateError(
          "translate: the page's run() returned no preprocessing results; check translate.appex/Action.js.")
      }
      let page = try PageTranslation(preprocessingResults: dictionary, arguments: arguments)
      let defaults = SharedDefaults(suiteName: TranslateExtension.appGroup, group: group)
      let choice = try EngineChoice(arguments: arguments, defaults: { defaults?.string(forKey: $0) })
      let container = group.containerURL
      let result = try engines.withEngine(for: choice) { engine in
        try page.translate(with: try choice.wrap(engine, memoryDirectory: container))
      }
      let argument = try PropertyList(foundationObject: result.foundationObject)
      context.completeRequest(returningItems: [ExtensionItem(finalizeArgument: argument)])
    } catch {
      context.cancelRequest(withError: error)
    }
  }
}
