import DOM
import JSBridge

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-document and https://html.spec.whatwg.org/multipage/dom.html#the-document-object
  static let document = Interface<Document>("Document", inherits: node) { b in
    b.getter("URL") { $0.url.absoluteString }
    b.getter("documentURI") { $0.url.absoluteString }
    b.stringAccessor("title", get: { $0.title }, set: { $0.title = $1 })
    b.getter("documentElement") { $0.documentElement }
    b.getter("head") { $0.head }
    b.getter("body") { $0.body }
    b.getter("doctype") { $0.doctype }
    for name in ["characterSet", "charset", "inputEncoding"] { b.getter(name) { $0.characterSet } }
    b.getter("contentType") { _ in "text/html" }
    b.getter("compatMode") { $0.compatMode }
    b.getter("readyState") { $0.readyState.rawValue }
    b.getter("currentScript") { $0.currentScript }
    b.getter("visibilityState") { _ in "visible" }
    b.getter("hidden") { _ in false }
    b.getter("referrer") { _ in "" }
    b.getter("cookie") { _ in "" }
    b.getter("domain") { $0.url.host ?? "" }
    b.getter("activeElement") { $0.body }
    b.contextGetter("location") { _, context in try context.window().location }
    b.contextGetter("defaultView") { _, context in context.global }
    b.method("getSelection") { _, args in try args.context.window().selection }
    b.method("hasFocus") { _, _ in false }

    b.method("createElement", length: 1) { document, args in try document.createElement(args.string(0)) }
    b.method("createElementNS", length: 2) { document, args in
      try document.createElementNS(args.nullableString(0), args.string(1))
    }
    b.method("createTextNode", length: 1) { document, args in document.createTextNode(try args.string(0)) }
    b.method("createComment", length: 1) { document, args in document.createComment(try args.string(0)) }
    b.method("createDocumentFragment") { document, _ in document.createDocumentFragment() }
    b.method("createEvent", length: 1) { document, args in try args.context.wrap(document.createEvent(args.string(0))) }
    addEventHandlers(b, globalEventHandlers + documentAndElementEventHandlers)
    b.method("createTreeWalker", length: 1) { document, args in
      let filter = ScriptNodeFilter(args.value(2))
      let walker = document.createTreeWalker(
        try args.object(0, as: Node.self), whatToShow: WhatToShow(rawValue: args.optionalUInt32(1) ?? 0xFFFF_FFFF),
        filter: filter?.function)
      return TreeWalkerObject(walker: walker, filter: filter)
    }
    b.method("createNodeIterator", length: 1) { document, args in
      let filter = ScriptNodeFilter(args.value(2))
      let iterator = document.createNodeIterator(
        try args.object(0, as: Node.self), whatToShow: WhatToShow(rawValue: args.optionalUInt32(1) ?? 0xFFFF_FFFF),
        filter: filter?.function)
      return NodeIteratorObject(iterator: iterator, filter: filter)
    }
    b.method("getElementById", length: 1) { document, args in document.getElementById(try args.string(0)) }
    // https://html.spec.whatwg.org/multipage/dom.html#dom-document-images (and links, forms, scripts).
    let collections: [(String, @Sendable (Element) -> Bool)] = [
      ("images", { $0.isHTML(named: "img") }),
      ("links", { ($0.isHTML(named: "a") || $0.isHTML(named: "area")) && $0.hasAttribute("href") }),
      ("forms", { $0.isHTML(named: "form") }),
      ("scripts", { $0.isHTML(named: "script") }),
    ]
    for (name, include) in collections {
      b.contextGetter(name) { document, context in
        HTMLCollectionObject(window: context.hostState(Window.self)) { document.descendantElements.filter(include) }
      }
    }
    b.method("getElementsByName", length: 1) { document, args in
      let name = try args.string(0)
      return NodeListObject(.snapshot(document.descendants().filter { ($0 as? Element)?.getAttribute("name") == name }))
    }
    b.method("importNode", length: 1) { document, args in try document.importNode(args.object(0, as: Node.self), deep: args.bool(1)) }
    b.method("adoptNode", length: 1) { document, args in try document.adoptNode(args.object(0, as: Node.self)) }

    // https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html (after load: open, then write).
    b.method("write") { document, args in document.write(try args.rest(from: 0).map { try $0.toString() }.joined()) }
    b.method("writeln") { document, args in document.writeln(try args.rest(from: 0).map { try $0.toString() }.joined()) }
    b.method("open") { document, _ in
      document.open()
      return document
    }
    b.method("close") { document, _ in document.close() }
    addParentNodeMembers(b)
    observeWrites(b)
  }

  /// https://dom.spec.whatwg.org/#interface-documenttype
  static let documentType = Interface<DocumentType>("DocumentType", inherits: node) { b in
    b.getter("name") { $0.name }
    b.getter("publicId") { $0.publicId }
    b.getter("systemId") { $0.systemId }
    addChildNodeMembers(b, elementSiblings: false)
    observeWrites(b)
  }

  /// https://dom.spec.whatwg.org/#interface-documentfragment
  static let documentFragment = Interface<DocumentFragment>("DocumentFragment", inherits: node) { b in
    b.constructor { args in try args.context.window().document.createDocumentFragment() }
    b.method("getElementById", length: 1) { fragment, args in fragment.getElementById(try args.string(0)) }
    addParentNodeMembers(b)
    observeWrites(b)
  }
}
