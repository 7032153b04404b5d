import DOM
import JSBridge

extension DOMInterfaces {
  /// https://dom.spec.whatwg.org/#interface-document and https://html.spec.whatwg.org/multipage/dom.html#the-document-object
  static let document = Interface<Document>("Document", inherits: node) { b in
    b.constructor { args in
      // https://dom.spec.whatwg.org/#dom-document-document: an XML document owned with the window's document.
      let made = Document(contentType: "application/xml")
      try args.context.window().document.keepAlive(made)
      return made
    }
    b.getter("implementation") { $0.implementation }
    // https://html.spec.whatwg.org/multipage/dynamic-markup-insertion.html#dom-parsehtmlunsafe
    b.staticMethod("parseHTMLUnsafe", length: 1) { args in
      let made = Document.parseHTMLUnsafe(try args.string(0))
      try args.context.window().document.keepAlive(made)
      return made
    }
    // https://html.spec.whatwg.org/multipage/dom.html#dom-document-dir: the html element's `dir`.
    b.reflectEnum(
      "dir", keywords: ["ltr", "rtl", "auto"], get: { $0.documentElement?.getAttribute("dir") },
      set: { document, value in
        guard let root = document.documentElement, let value else { return }
        try root.setAttribute("dir", value)
      })
    // https://html.spec.whatwg.org/multipage/obsolete.html#dom-document-fgcolor: the body element's color attributes.
    for (name, attribute) in [
      ("fgColor", "text"), ("linkColor", "link"), ("vlinkColor", "vlink"), ("alinkColor", "alink"), ("bgColor", "bgcolor"),
    ] {
      b.reflect(
        name, nullAsEmpty: true, get: { $0.body?.getAttribute(attribute) },
        set: { document, value in try document.body?.setAttribute(attribute, value) })
    }
    b.getter("URL") { $0.url.href }
    b.getter("documentURI") { $0.url.href }
    b.stringAccessor("title", get: { $0.title }, set: { $0.title = $1 })
    b.getter("documentElement") { $0.documentElement }
    b.getter("head") { $0.head }
    b.getter("body") { $0.body }
    b.getter("doctype") { $0.doctype }
    for name in ["characterSet", "charset", "inputEncoding"] { b.getter(name) { $0.characterSet } }
    b.getter("contentType") { $0.contentType }
    b.getter("compatMode") { $0.compatMode }
    b.getter("readyState") { $0.readyState.rawValue }
    b.getter("currentScript") { $0.currentScript }
    b.getter("visibilityState") { _ in "visible" }
    b.getter("hidden") { _ in false }
    b.getter("referrer") { _ in "" }
    b.getter("cookie") { _ in "" }
    b.getter("domain") { document -> String in
      // https://html.spec.whatwg.org/multipage/browsers.html#dom-document-domain: the origin's host, "" when opaque.
      guard case .tuple(_, let host, _) = document.url.origin else { return "" }
      return host.serialized
    }
    b.getter("activeElement") { $0.activeElement }
    b.contextGetter("location") { document, context in document.defaultView == nil ? nil : try context.window().location }
    b.contextGetter("defaultView") { document, context in document.defaultView == nil ? nil : context.global }
    b.method("getSelection") { _, args in try args.context.window().selection }
    b.sameObject("styleSheets") { document, _ in StyleSheetListObject(document: document) }
    // https://html.spec.whatwg.org/multipage/interaction.html#dom-document-hasfocus: the page's window is the one
    // shown (WebKit answers true for the page an extension runs on), and focus is in no frame, so a frame's
    // document and a document no window shows answer false.
    b.method("hasFocus") { document, _ in
      guard let window = document.browsingContext as? Window else { return false }
      return window.parentWindow == nil
    }
    // https://html.spec.whatwg.org/multipage/interaction.html#dom-document-designmode: "on" or "off"; other
    // values are ignored (ASCII case-insensitive).
    b.stringAccessor(
      "designMode", get: { $0.designMode ? "on" : "off" },
      set: { document, value in
        switch value.asciiLowercased {
        case "on": document.designMode = true
        case "off": document.designMode = false
        default: break
        }
      })

    b.method("createElement", length: 1) { document, args in try document.createElement(args.string(0)) }
    b.method("createElementNS", length: 2) { document, args in
      try document.createElementNS(args.nullableString(0), args.string(1))
    }
    b.method("createTextNode", length: 1) { document, args in document.createTextNode(try args.string(0)) }
    b.method("createComment", length: 1) { document, args in document.createComment(try args.string(0)) }
    b.method("createDocumentFragment") { document, _ in document.createDocumentFragment() }
    b.method("createRange") { document, _ in LiveRange(document: document) }
    b.method("createEvent", length: 1) { document, args in try args.context.wrap(document.createEvent(args.string(0))) }
    addEventHandlers(b, globalEventHandlers + documentAndElementEventHandlers + ["onreadystatechange"])
    b.method("createAttribute", length: 1) { document, args in try document.createAttribute(args.string(0)) }
    b.method("createAttributeNS", length: 2) { document, args in
      try document.createAttributeNS(args.nullableString(0), args.string(1))
    }
    b.method("createProcessingInstruction", length: 2) { document, args in
      try document.createProcessingInstruction(args.string(0), args.string(1))
    }
    b.method("createCDATASection", length: 1) { document, args in try document.createCDATASection(args.string(0)) }
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
    addDocumentGeometry(b)
    // https://html.spec.whatwg.org/multipage/dom.html#dom-document-images (and embeds, plugins, links, forms,
    // scripts), and the obsolete https://html.spec.whatwg.org/multipage/obsolete.html#dom-document-anchors.
    let collections: [(String, @Sendable (Element) -> Bool)] = [
      ("images", { $0.isHTML(named: "img") }),
      ("embeds", { $0.isHTML(named: "embed") }),
      ("plugins", { $0.isHTML(named: "embed") }),
      ("links", { ($0.isHTML(named: "a") || $0.isHTML(named: "area")) && $0.hasAttribute("href") }),
      ("anchors", { $0.isHTML(named: "a") && $0.hasAttribute("name") }),
      ("forms", { $0.isHTML(named: "form") }),
      ("scripts", { $0.isHTML(named: "script") }),
    ]
    for (name, include) in collections {
      b.contextGetter(name) { document, context in
        HTMLCollectionObject(.elements(under: document, where: include))
      }
    }
    b.method("getElementsByName", length: 1) { document, args in
      NodeListObject(.live(.elements(byName: try args.string(0), under: document)))
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
  }

  /// https://dom.spec.whatwg.org/#xmldocument
  static let xmlDocument = Interface<XMLDocument>("XMLDocument", inherits: document) { _ in }

  /// https://dom.spec.whatwg.org/#interface-domimplementation
  static let domImplementation = Interface<DOMImplementation>("DOMImplementation") { b in
    b.method("createDocumentType", length: 3) { implementation, args in
      try implementation.createDocumentType(args.string(0), publicId: args.string(1), systemId: args.string(2))
    }
    b.method("createDocument", length: 2) { implementation, args in
      try implementation.createDocument(
        args.nullableString(0), args.stringNullAsEmpty(1), doctype: args.optionalObject(2, as: DocumentType.self))
    }
    b.method("createHTMLDocument") { implementation, args in
      implementation.createHTMLDocument(title: try args.optionalString(0))
    }
    b.method("hasFeature") { implementation, _ in implementation.hasFeature() }
  }

  /// https://dom.spec.whatwg.org/#interface-documenttype
  static let documentType = Interface<DocumentType>("DocumentType", inherits: node) { b in
    b.getter("name") { $0.name }
    b.getter("publicId") { $0.publicId }
    b.getter("systemId") { $0.systemId }
    addChildNodeMembers(b, elementSiblings: false)
  }

  /// https://dom.spec.whatwg.org/#interface-documentfragment
  static let documentFragment = Interface<DocumentFragment>("DocumentFragment", inherits: node) { b in
    b.constructor { args in try args.context.window().document.createDocumentFragment() }
    b.method("getElementById", length: 1) { fragment, args in fragment.getElementById(try args.string(0)) }
    addParentNodeMembers(b)
  }
}

extension DOMImplementation: ScriptExposed {
  public static var scriptInterface: AnyInterface { DOMInterfaces.domImplementation.erased }
}
