import JSBridge
import URLStandard

/// The object behind a script's `URLSearchParams`: a list of name-value pairs, and the URL whose query it is.
///
/// https://url.spec.whatwg.org/#interface-urlsearchparams
final class URLSearchParamsObject: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.urlSearchParams.erased }

  var list: [(name: String, value: String)]
  /// The URL object whose query this is (nil for a `new URLSearchParams()`); it owns this object.
  private(set) weak var owner: URLObject?
  /// True while ``update()`` writes the query, so the URL does not read it back.
  private(set) var isUpdating = false

  init(list: [(name: String, value: String)], owner: URLObject? = nil) {
    self.list = list
    self.owner = owner
  }

  /// https://url.spec.whatwg.org/#concept-urlsearchparams-update
  func update() {
    guard let owner else { return }
    let serialized = FormURLEncoded.serialize(list)
    isUpdating = true
    owner.url.query = serialized.isEmpty ? nil : serialized
    isUpdating = false
  }
}

extension DOMInterfaces {
  /// https://url.spec.whatwg.org/#interface-urlsearchparams
  static let urlSearchParams = Interface<URLSearchParamsObject>("URLSearchParams") { b in
    b.constructor { args in
      // https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams
      switch try args.stringPairsInit(0) {
      case .sequence(let rows):
        return URLSearchParamsObject(list: try rows.map { row throws(ScriptError) in
          guard row.count == 2 else {
            throw .typeError("URLSearchParams constructor: a pair must have 2 items, not \(row.count)")
          }
          return (row[0], row[1])
        })
      case .record(let pairs):
        return URLSearchParamsObject(list: pairs.map { ($0.0, $0.1) })
      case .string(let string):
        return URLSearchParamsObject(list: FormURLEncoded.parse(string.hasPrefix("?") ? String(string.dropFirst()) : string))
      }
    }
    b.getter("size") { $0.list.count }
    b.method("append", length: 2) { params, args in
      params.list.append((try args.string(0), try args.string(1)))
      params.update()
    }
    b.method("delete", length: 1) { params, args in
      let name = try args.string(0), value = try args.optionalString(1)
      params.list.removeAll { $0.name == name && (value == nil || $0.value == value) }
      params.update()
    }
    b.method("get", length: 1) { params, args -> String? in
      let name = try args.string(0)
      return params.list.first { $0.name == name }?.value
    }
    b.method("getAll", length: 1) { params, args -> [String] in
      let name = try args.string(0)
      return params.list.filter { $0.name == name }.map(\.value)
    }
    b.method("has", length: 1) { params, args -> Bool in
      let name = try args.string(0), value = try args.optionalString(1)
      return params.list.contains { $0.name == name && (value == nil || $0.value == value) }
    }
    b.method("set", length: 2) { params, args in
      NameValueList.set(&params.list, name: try args.string(0), value: try args.string(1))
      params.update()
    }
    b.method("sort") { params, _ in
      // https://url.spec.whatwg.org/#dom-urlsearchparams-sort: stable, by the names' UTF-16 code units.
      let sorted = params.list.enumerated().sorted { a, b in
        let (x, y) = (Array(a.element.name.utf16), Array(b.element.name.utf16))
        return x == y ? a.offset < b.offset : x.lexicographicallyPrecedes(y)
      }
      params.list = sorted.map(\.element)
      params.update()
    }
    b.pairIterable(length: { $0.list.count }, entry: { params, index in
      index < params.list.count ? (params.list[index].name, params.list[index].value) : nil
    })
    b.method("toString") { params, _ in FormURLEncoded.serialize(params.list) }
  }
}
