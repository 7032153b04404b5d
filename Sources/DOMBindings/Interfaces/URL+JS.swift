import JSBridge
import URLStandard

/// The object behind a script's `URL`: a URL record and its query object, kept in sync both ways.
///
/// https://url.spec.whatwg.org/#url-class
final class URLObject: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.url.erased }

  var url: URLRecord {
    didSet { if url.query != oldValue.query, !searchParams.isUpdating { searchParams.list = Self.pairs(of: url) } }
  }
  /// `[SameObject]`: made with the URL, pointing back at it.
  private(set) lazy var searchParams = URLSearchParamsObject(list: Self.pairs(of: url), owner: self)

  init(_ url: URLRecord) { self.url = url }

  /// The name-value pairs of `url`'s query (none when it has no query).
  static func pairs(of url: URLRecord) -> [(name: String, value: String)] {
    url.query.map(FormURLEncoded.parse) ?? []
  }

  /// https://url.spec.whatwg.org/#api-url-parser: parses `url` against `base` (when given; a base that does not
  /// parse fails too).
  static func parse(_ url: String, base: String?) -> URLRecord? {
    guard let base else { return URLRecord(url) }
    guard let parsedBase = URLRecord(base) else { return nil }
    return URLRecord(url, base: parsedBase)
  }
}

extension DOMInterfaces {
  /// https://url.spec.whatwg.org/#url-class
  static let url = Interface<URLObject>("URL") { b in
    b.constructor(length: 1) { args in
      let input = try args.string(0), base = try args.optionalString(1)
      guard let url = URLObject.parse(input, base: base) else {
        throw ScriptError.typeError("URL constructor: \(input) is not a valid URL" + (base.map { " (base \($0))" } ?? ""))
      }
      return URLObject(url)
    }
    b.staticMethod("parse", length: 1) { args -> URLObject? in
      URLObject.parse(try args.string(0), base: try args.optionalString(1)).map(URLObject.init)
    }
    b.staticMethod("canParse", length: 1) { args in
      URLObject.parse(try args.string(0), base: try args.optionalString(1)) != nil
    }
    b.stringAccessor("href", get: { $0.url.href }, set: { object, value in
      guard let parsed = URLRecord(value) else { throw ScriptError.typeError("URL.href: \(value) is not a valid URL") }
      object.url = parsed
    })
    b.getter("origin") { $0.url.origin.serialized }
    for part in URLPart.all {
      b.stringAccessor(part.name, get: { part.get($0.url) }, set: { object, value in part.set(&object.url, value) })
    }
    b.getter("searchParams") { $0.searchParams }
    b.method("toJSON") { object, _ in object.url.href }
    b.method("toString") { object, _ in object.url.href }
  }
}
