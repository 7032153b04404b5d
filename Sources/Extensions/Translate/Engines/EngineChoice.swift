import Foundation

/// Which engine to use and how, from `--arg` values with persistent defaults behind them.
///
/// Keys: `engine` (apertium | apy | libretranslate), `endpoint` (a server's base URL), `api_key`,
/// `cache` (`off` disables the translation memory). An argument wins over the stored default of the same key.
public struct EngineChoice: Sendable, Equatable {
  public var engine: String
  public var endpoint: URL?
  public var apiKey: String?
  public var cacheEnabled: Bool

  /// The engines this build knows.
  public static let engines = ["apertium", "apy", "libretranslate"]

  /// Reads the choice from `arguments`, falling back to `defaults(key)` (the App Group suite) for each key.
  public init(arguments: [String: String], defaults: (String) -> String? = { _ in nil }) throws {
    func value(_ key: String) -> String? {
      (arguments[key] ?? defaults(key)).flatMap { $0.isEmpty ? nil : $0 }
    }
    engine = value("engine")?.lowercased() ?? "apertium"
    guard EngineChoice.engines.contains(engine) else {
      throw TranslateError(
        "translate: unknown engine \"\(engine)\" (from `--arg engine=`). "
          + "Choose one of: \(EngineChoice.engines.joined(separator: ", ")).")
    }
    if let text = value("endpoint") {
      guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
        throw TranslateError(
          "translate: `--arg endpoint=\(text)` is not an http(s) URL; give the server's base URL, "
            + "such as http://127.0.0.1:2737.")
      }
      endpoint = url
    } else {
      endpoint = nil
    }
    apiKey = value("api_key")
    cacheEnabled = value("cache")?.lowercased() != "off"
    if engine != "apertium" && endpoint == nil {
      throw TranslateError(
        "translate: the \(engine) engine needs a server: pass `--arg endpoint=URL` "
          + "(for example http://127.0.0.1:\(engine == "apy" ? "2737" : "5000")).")
    }
  }

  /// Makes the engine, wrapped in the translation memory stored in `memoryDirectory` unless the cache is off.
  public func makeTranslator(memoryDirectory: URL?) throws -> any Translator {
    try wrap(makeEngine(), memoryDirectory: memoryDirectory)
  }

  /// Makes the bare engine (no memory).
  public func makeEngine() -> any Translator {
    switch engine {
    case "apy": return APyTranslator(endpoint: endpoint!)
    case "libretranslate": return LibreTranslateTranslator(endpoint: endpoint!, apiKey: apiKey)
    default: return ApertiumTranslator()
    }
  }

  /// Wraps `engine` in the translation memory of `memoryDirectory`, unless the cache is off or there is no directory.
  public func wrap(_ engine: any Translator, memoryDirectory: URL?) throws -> any Translator {
    guard cacheEnabled, let memoryDirectory else { return engine }
    return CachedTranslator(engine: engine, memory: try TranslationMemory(directory: memoryDirectory))
  }

  /// A key that tells engines apart in `EngineCache`.
  var cacheKey: String { "\(engine) \(endpoint?.absoluteString ?? "") \(apiKey ?? "")" }
}

/// The engines of this process, kept between pages so that a batch worker reuses its warm Apertium pipelines.
///
/// An engine that is not thread-safe is handed out only while the cache holds its lock, so one page at a time uses
/// it; one that serves concurrent requests (``Translator/servesConcurrentRequests``) is used by several at once.
public final class EngineCache: @unchecked Sendable {
  /// The process-wide cache.
  public static let shared = EngineCache()

  private let lock = NSLock()
  private var engines: [String: any Translator] = [:]

  public init() {}

  /// Runs `body` with the engine for `choice` (made on first use), holding the cache's lock unless the engine serves
  /// concurrent requests.
  public func withEngine<T>(for choice: EngineChoice, _ body: (any Translator) throws -> T) throws -> T {
    lock.lock()
    let engine = engines[choice.cacheKey] ?? choice.makeEngine()
    engines[choice.cacheKey] = engine
    if engine.servesConcurrentRequests {
      lock.unlock()
      return try body(engine)
    }
    defer { lock.unlock() }
    return try body(engine)
  }

  /// Stops and forgets every engine (their pipelines end when released).
  public func removeAll() {
    lock.lock()
    engines = [:]
    lock.unlock()
  }
}
