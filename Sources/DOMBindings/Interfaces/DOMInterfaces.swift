import DOM
import JSBridge

/// The binding tables of the DOM interfaces (one `static let` per interface, each in its `<Name>+JS.swift`),
/// and the resolver that picks the most derived interface for a node.
enum DOMInterfaces {
  /// Every interface a window exposes: the ones it installs at once, then the ones it installs on first use.
  static let all: [AnyInterface] = installedWithWindow + installedOnFirstUse

  /// The one interface installed with the window: the global's prototype chain runs through EventTarget.prototype.
  static let installedWithWindow: [AnyInterface] = [eventTarget.erased]

  /// The rest, installed when a script first names one or an object of it is wrapped (`x instanceof
  /// HTMLParagraphElement` and `document.body` install theirs then): a page pays only for the interfaces it touches.
  /// Installing the 19 core ones (Node, Document, Element...) with every window cost 2.9 ms a page, all ~130 about
  /// 3 ms more; a no-op extension touches none (Scripts/bench page).
  static let installedOnFirstUse: [AnyInterface] = [
    event.erased, node.erased, document.erased, documentType.erased, documentFragment.erased, element.erased,
    characterData.erased, text.erased, comment.erased, nodeList.erased, htmlCollection.erased, domTokenList.erased,
    namedNodeMap.erased, attr.erased, domStringMap.erased, cssStyleDeclaration.erased, location.erased, selection.erased,
    processingInstruction.erased, cdataSection.erased, xmlDocument.erased, domImplementation.erased,
    treeWalker.erased, nodeIterator.erased, mutationObserver.erased, mutationRecord.erased,
    abstractRange.erased, range.erased, staticRange.erased, abortController.erased, abortSignal.erased,
    textDecoder.erased, textEncoder.erased,
    url.erased, urlSearchParams.erased,
    domParser.erased, xmlSerializer.erased,
    navigator.erased, history.erased, screen.erased, storage.erased, crypto.erased, mediaQueryList.erased,
    domRectReadOnly.erased, domRect.erased, domRectList.erased,
  ] + dictionaryEventInterfaceList + htmlElementInterfaces

  /// The interface for a Swift object a binding returns: the most derived one for nodes.
  static func resolve(_ object: AnyObject) -> AnyInterface? {
    switch object {
    case let element as Element:
      guard element.isHTML else { return DOMInterfaces.element.erased }
      return htmlInterface(forTag: element.localName)
    case is CDATASection: return cdataSection.erased
    case is Text: return text.erased
    case is ProcessingInstruction: return processingInstruction.erased
    case is Attr: return attr.erased
    case is XMLDocument: return xmlDocument.erased
    case is Comment: return comment.erased
    case is Document: return document.erased
    case is DocumentType: return documentType.erased
    case is DocumentFragment: return documentFragment.erased
    case is Node: return node.erased
    case let event as DictionaryEvent: return dictionaryEventInterfaces[event.interface]
    case is Event: return event.erased
    case is Window: return nil  // The window is the global object, never a wrapper.
    case is AbortSignal: return abortSignal.erased
    case is MediaQueryList: return mediaQueryList.erased
    case is EventTarget: return eventTarget.erased
    case is AbortController: return abortController.erased
    default: return nil  // ScriptExposed objects (lists, maps, style...) name their own interface.
    }
  }
}

extension Node: ScriptConvertible, ScriptWrapperCaching {
  /// The node's one JS object, with its most derived interface.
  public func scriptValue(in context: ScriptContext) throws(ScriptError) -> ScriptValue { try context.wrap(caching: self) }
}

extension Arguments {
  /// The arguments from `index` on as nodes or strings (append, before, replaceWith...).
  func nodesOrStrings(from index: Int = 0) throws(ScriptError) -> [NodeOrString] {
    var items: [NodeOrString] = []
    for value in rest(from: index) {
      if let node = context.unwrap(value, as: Node.self) {
        items.append(.node(node))
      } else {
        items.append(.string(try value.toString()))
      }
    }
    return items
  }

  /// WebIDL's overload resolution step 2: fewer than `count` arguments is a TypeError (worded as Chromium words
  /// it when the callee is `Interface.method`).
  func require(_ count: Int) throws(ScriptError) {
    guard self.count < count else { return }
    let parts = callee.split(separator: ".")
    let site = parts.count == 2 ? "Failed to execute '\(parts[1])' on '\(parts[0])'" : callee
    throw .typeError("\(site): \(count) argument\(count == 1 ? "" : "s") required, but only \(self.count) present.")
  }

  /// Argument `index` as a WebIDL `unsigned long` (ToUint32), or nil when absent or `undefined`.
  func optionalUInt32(_ index: Int) -> UInt32? {
    guard let d = optionalDouble(index) else { return nil }
    return UInt32(bitPattern: Int32(truncatingIfNeeded: Self.int32(d)))
  }

  /// WebIDL ToInt32 (modulo 2^32).
  static func int32(_ d: Double) -> Int {
    guard d.isFinite else { return 0 }
    let m = d.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
    let u = m < 0 ? m + 4_294_967_296 : m
    return Int(Int32(bitPattern: UInt32(u)))
  }

  /// Argument `index` through ToString, with `null` as "" (`[LegacyNullToEmptyString]`).
  func stringNullAsEmpty(_ index: Int) throws(ScriptError) -> String {
    value(index).isNull ? "" : try string(index)
  }
}

extension ScriptValue {
  /// ToString, with `null` as "" (for `[LegacyNullToEmptyString]` and nullable setters like textContent).
  func stringNullAsEmpty() throws(ScriptError) -> String { isNull ? "" : try toString() }
}

/// Content-attribute reflection for element interfaces (never hand-write reflected attributes).
///
/// https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes
extension InterfaceBuilder where T == Element {
  /// A string attribute reflecting `attribute` (default: the lowercased IDL name).
  func reflect(_ name: String, attribute: String? = nil) {
    let attr = attribute ?? name.lowercased()
    reflect(name, get: { $0.getAttribute(attr) }, set: { try $0.setAttribute(attr, $1) })
  }

  /// A boolean attribute reflecting the presence of `attribute`.
  func reflectBool(_ name: String, attribute: String? = nil) {
    let attr = attribute ?? name.lowercased()
    reflectBool(name, has: { $0.hasAttribute(attr) }, set: { element, on in
      if on { try element.setAttribute(attr, "") } else { element.removeAttribute(attr) }
    })
  }

  /// A `DOMString` attribute reflecting `attribute`; `nullAsEmpty` for `[LegacyNullToEmptyString]`.
  func reflect(_ name: String, attribute: String? = nil, nullAsEmpty: Bool) {
    let attr = attribute ?? name.lowercased()
    reflect(name, nullAsEmpty: nullAsEmpty, get: { $0.getAttribute(attr) }, set: { try $0.setAttribute(attr, $1) })
  }

  /// A `long` attribute reflecting `attribute`.
  func reflectInt(_ name: String, attribute: String? = nil, defaultValue: Int = 0) {
    reflectInteger(name, attribute: attribute, .long(default: defaultValue))
  }

  /// An integer attribute of any reflected kind; limited kinds throw `IndexSizeError` for disallowed values.
  func reflectInteger(_ name: String, attribute: String? = nil, _ kind: ReflectedInteger) {
    let attr = attribute ?? name.lowercased()
    reflectInteger(
      name, kind, get: { $0.getAttribute(attr) }, set: { try $0.setAttribute(attr, $1) },
      indexSizeError: { DOMException(.indexSizeError, "\(name): the value is outside the attribute's allowed range") })
  }

  /// A `double` attribute reflecting `attribute`.
  func reflectDouble(_ name: String, attribute: String? = nil, defaultValue: Double = 0) {
    let attr = attribute ?? name.lowercased()
    reflectDouble(name, defaultValue: defaultValue, get: { $0.getAttribute(attr) }, set: { try $0.setAttribute(attr, $1) })
  }

  /// An enumerated attribute limited to known values (see ``InterfaceBuilder/reflectEnum(_:keywords:aliases:missing:invalid:nullable:get:set:)``).
  func reflectEnum(
    _ name: String, attribute: String? = nil, keywords: [String], aliases: [String: String] = [:], missing: String? = nil,
    invalid: String? = nil, nullable: Bool = false
  ) {
    let attr = attribute ?? name.lowercased()
    reflectEnum(
      name, keywords: keywords, aliases: aliases, missing: missing, invalid: invalid, nullable: nullable,
      get: { $0.getAttribute(attr) },
      set: { element, value in
        if let value { try element.setAttribute(attr, value) } else { element.removeAttribute(attr) }
      })
  }

  /// A CORS settings attribute (`crossOrigin`): nullable, "" and unknown values mean "anonymous".
  ///
  /// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#cors-settings-attributes
  func reflectCrossOrigin() {
    reflectEnum(
      "crossOrigin", keywords: ["anonymous", "use-credentials"], aliases: ["": "anonymous"], invalid: "anonymous",
      nullable: true)
  }

  /// A `DOMTokenList` reflecting `attribute` (`relList`, `sandbox`...): `[SameObject, PutForwards=value]`.
  /// `supportedTokens` (lowercase) is what `supports()` accepts; without it `supports()` throws a TypeError.
  func reflectTokenList(_ name: String, attribute: String? = nil, supportedTokens: Set<String>? = nil) {
    let attr = attribute ?? name.lowercased()
    sameObject(name, set: { element, value in try element.setAttribute(attr, value.toString()) }) { element, _ in
      DOMTokenListObject(element: element, attribute: attr, supportedTokens: supportedTokens)
    }
  }

  /// A URL attribute: reads resolve against the document base URL. With `emptyIsDocumentURL` (a form's
  /// `action`, a button's `formAction`), a missing or empty attribute reads as the document's URL.
  func reflectURL(_ name: String, attribute: String? = nil, emptyIsDocumentURL: Bool = false) {
    let attr = attribute ?? name.lowercased()
    reflectURL(
      name,
      get: { element in
        let value = element.getAttribute(attr)
        return emptyIsDocumentURL && (value ?? "").isEmpty ? element.document.url.href : value
      },
      resolve: { element, raw in element.document.resolveURL(raw)?.href },
      set: { try $0.setAttribute(attr, $1) })
  }
}
