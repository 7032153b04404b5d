import DOM
import JSBridge

/// The binding tables of the DOM interfaces (one `static let` per interface, each in its `<Name>+JS.swift`), the
/// one registry of them (``registry``), and the resolver that picks the most derived interface for an object.
enum DOMInterfaces {
  /// How the resolver picks an interface for a Swift object that a binding returns.
  enum InterfaceMatch: Sendable {
    /// Objects of a Swift class: of the entries that match, the one listed last (children come after parents).
    case objects(@Sendable (AnyObject) -> Bool)
    /// HTML elements with these local names (https://html.spec.whatwg.org/multipage/indices.html#elements-3).
    case htmlTags([String])
    /// The elements of a namespace other than HTML's.
    case elements(namespace: String)
    /// A ``DOM/DictionaryEvent`` whose `interface` is this interface's name.
    case dictionaryEvent
    /// None: a base interface (`CharacterData`, `HTMLMediaElement`), or one whose objects name it themselves
    /// (``JSBridge/ScriptExposed``: lists, maps, style) or that scripts only construct.
    case unselected
  }

  /// An interface the window exposes, and which objects get it.
  struct Registration: Sendable {
    let interface: AnyInterface
    let match: InterfaceMatch

    init<T>(_ interface: Interface<T>, _ match: InterfaceMatch) { self.init(interface.erased, match) }
    init(_ interface: AnyInterface, _ match: InterfaceMatch) {
      self.interface = interface
      self.match = match
    }
  }

  /// Every interface a window exposes, parents before children, with how objects are matched to it: the one
  /// source of ``all``, ``installedOnFirstUse``, ``htmlElementIndex`` and ``resolve(_:)``. An interface added
  /// here is installed, IDL-checked (IDLCheckTests) and resolvable; one left out is none of these.
  static let registry: [Registration] = [
    // The class checks run from the last entry up (``objectSelections``), so the node kinds wrapped most come last:
    // a Text costs two casts (elements never get here: `resolve` answers them first).
    Registration(eventTarget, .objects { $0 is EventTarget && !($0 is Window) }),  // The window is the global.
    Registration(event, .objects { $0 is Event }),
    Registration(abortController, .objects { $0 is AbortController }),
    Registration(abortSignal, .objects { $0 is AbortSignal }),
    Registration(mediaQueryList, .objects { $0 is MediaQueryList }),
    Registration(node, .objects { $0 is Node }),
    Registration(element, .objects { $0 is Element }),
    Registration(characterData, .unselected),
    Registration(documentType, .objects { $0 is DocumentType }),
    Registration(documentFragment, .objects { $0 is DocumentFragment }),
    Registration(attr, .objects { $0 is Attr }),
    Registration(processingInstruction, .objects { $0 is ProcessingInstruction }),
    Registration(comment, .objects { $0 is Comment }),
    Registration(document, .objects { $0 is Document }),
    Registration(xmlDocument, .objects { $0 is XMLDocument }),
    Registration(text, .objects { $0 is Text }),
    Registration(cdataSection, .objects { $0 is CDATASection }),
    Registration(nodeList, .unselected),
    Registration(htmlCollection, .unselected),
    Registration(domTokenList, .unselected),
    Registration(namedNodeMap, .unselected),
    Registration(domStringMap, .unselected),
    Registration(cssStyleDeclaration, .unselected),
    Registration(location, .unselected),
    Registration(selection, .unselected),
    Registration(domImplementation, .unselected),
    Registration(treeWalker, .unselected),
    Registration(nodeIterator, .unselected),
    Registration(mutationObserver, .unselected),
    Registration(mutationRecord, .unselected),
    Registration(abstractRange, .unselected),
    Registration(range, .unselected),
    Registration(staticRange, .unselected),
    Registration(textDecoder, .unselected),
    Registration(textEncoder, .unselected),
    Registration(url, .unselected),
    Registration(urlSearchParams, .unselected),
    Registration(formData, .unselected),
    Registration(domParser, .unselected),
    Registration(xmlSerializer, .unselected),
    Registration(navigator, .unselected),
    Registration(history, .unselected),
    Registration(screen, .unselected),
    Registration(storage, .unselected),
    Registration(crypto, .unselected),
    Registration(domRectReadOnly, .unselected),
    Registration(domRect, .unselected),
    Registration(domRectList, .unselected),
    Registration(intersectionObserver, .unselected),
    Registration(intersectionObserverEntry, .unselected),
    Registration(styleSheetList, .unselected),
    Registration(styleSheet, .unselected),
    Registration(cssStyleSheet, .unselected),
    Registration(cssRuleList, .unselected),
    Registration(cssRule, .unselected),
    Registration(svgElement, .elements(namespace: "http://www.w3.org/2000/svg")),
    Registration(svgAnimatedString, .unselected),
  ] + dictionaryEventInterfaceList.map { Registration($0, .dictionaryEvent) } + htmlElementRegistrations

  /// Every interface a window exposes: the ones it installs at once, then the ones it installs on first use.
  static let all: [AnyInterface] = registry.map(\.interface)

  /// The one interface installed with the window: the global's prototype chain runs through EventTarget.prototype.
  static let installedWithWindow: [AnyInterface] = [eventTarget.erased]

  /// The rest, installed when a script first names one or an object of it is wrapped (`x instanceof
  /// HTMLParagraphElement` and `document.body` install theirs then): a page pays only for the interfaces it touches.
  /// Installing the 19 core ones (Node, Document, Element...) with every window cost 2.9 ms a page, all ~130 about
  /// 3 ms more; a no-op extension touches none (Scripts/bench page).
  static let installedOnFirstUse: [AnyInterface] = all.filter { $0 !== eventTarget.erased }

  /// The HTML element interface of each tag in the element index (``InterfaceMatch/htmlTags(_:)``).
  static let htmlElementIndex: [String: AnyInterface] = {
    var index: [String: AnyInterface] = [:]
    for registration in registry {
      guard case .htmlTags(let tags) = registration.match else { continue }
      for tag in tags {
        precondition(index[tag] == nil, "<\(tag)> is registered twice")
        index[tag] = registration.interface
      }
    }
    return index
  }()

  /// The interface of the elements of each namespace other than HTML's (``InterfaceMatch/elements(namespace:)``).
  static let namespaceElementInterfaces: [String: AnyInterface] = {
    var interfaces: [String: AnyInterface] = [:]
    for registration in registry {
      guard case .elements(let namespace) = registration.match else { continue }
      interfaces[namespace] = registration.interface
    }
    return interfaces
  }()

  /// The class checks (``InterfaceMatch/objects(_:)``), most derived first.
  private static let objectSelections: [(selects: @Sendable (AnyObject) -> Bool, interface: AnyInterface)] =
    registry.reversed().compactMap { registration in
      guard case .objects(let selects) = registration.match else { return nil }
      return (selects, registration.interface)
    }

  /// The interface for a Swift object a binding returns: the most derived one for nodes and events; nil for
  /// objects that name their own (``JSBridge/ScriptExposed``) and for the window.
  static func resolve(_ object: AnyObject) -> AnyInterface? {
    // The node wrapped most (a text walk wraps every text node): one comparison of its class, not four casts.
    if type(of: object) == Text.self { return text.erased }
    if let element = object as? Element {
      if element.isHTML { return htmlInterface(forTag: element.localName) }
      return element.namespaceURI.flatMap { namespaceElementInterfaces[$0] } ?? DOMInterfaces.element.erased
    }
    if let event = object as? DictionaryEvent { return dictionaryEventInterfaces[event.interface] }
    for selection in objectSelections where selection.selects(object) { return selection.interface }
    return nil
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
