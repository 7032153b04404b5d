import DOM
import JSBridge

/// A rectangle (`DOMRect`, `DOMRectReadOnly`).
///
/// https://drafts.fxtf.org/geometry/#DOMRect
final class DOMRectObject: ScriptExposed {
  var x: Double, y: Double, width: Double, height: Double
  let isReadOnly: Bool

  init(x: Double = 0, y: Double = 0, width: Double = 0, height: Double = 0, readOnly: Bool = false) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    isReadOnly = readOnly
  }

  static var scriptInterface: AnyInterface { DOMInterfaces.domRect.erased }
}

/// What `getClientRects()` returns: one rectangle per box fragment.
final class DOMRectListObject: ScriptExposed {
  let rects: [DOMRectObject]
  init(_ rects: [DOMRectObject]) { self.rects = rects }
  static var scriptInterface: AnyInterface { DOMInterfaces.domRectList.erased }
}

/// CSSOM View's geometry from the document's layout (``PageLayout``), made on the first read and kept until the
/// document changes; an element with no box (`display: none`, not connected, or in a document with no window)
/// answers as browsers do: an empty rectangle at the origin, zero offsets and sizes, a null `offsetParent`.
/// Scroll positions are 0 and scrolling does nothing: the page is laid out in the viewport and never scrolls.
///
/// https://drafts.csswg.org/cssom-view/
enum Geometry {
  /// The layout of the window's document, or nil for an element of another document.
  static func layout(_ node: Node, _ context: ScriptContext) throws(ScriptError) -> PageLayout? {
    let window = try context.window()
    let document = node as? Document ?? node.ownerDocument
    guard let document, document === window.document else { return nil }
    if let missing = FontCatalog.shared.missingFonts {
      throw ScriptError.error(name: "NotSupportedError", message: "The page cannot be laid out: \(missing).")
    }
    return document.pageLayout { element in
      guard element.isHTML, element.localName == "img" else { return nil }
      return ImageRequest(for: element, window: window).naturalSize.map { (Double($0.width), Double($0.height)) }
    }
  }

  static func rect(_ rect: LayoutRect?) -> DOMRectObject {
    guard let rect else { return DOMRectObject(readOnly: false) }
    return DOMRectObject(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }
}

extension DOMInterfaces {
  /// https://drafts.fxtf.org/geometry/#domrectreadonly
  static let domRectReadOnly = Interface<DOMRectObject>("DOMRectReadOnly") { b in
    b.constructor { args in
      DOMRectObject(
        x: args.optionalDouble(0) ?? 0, y: args.optionalDouble(1) ?? 0, width: args.optionalDouble(2) ?? 0,
        height: args.optionalDouble(3) ?? 0, readOnly: true)
    }
    b.getter("x") { $0.x }
    b.getter("y") { $0.y }
    b.getter("width") { $0.width }
    b.getter("height") { $0.height }
    // https://drafts.fxtf.org/geometry/#dom-domrectreadonly-top (min/max: a negative width or height counts).
    b.getter("top") { min($0.y, $0.y + $0.height) }
    b.getter("right") { max($0.x, $0.x + $0.width) }
    b.getter("bottom") { max($0.y, $0.y + $0.height) }
    b.getter("left") { min($0.x, $0.x + $0.width) }
    b.method("toJSON") { rect, args -> ScriptValue in
      let context = args.context
      let json = context.makeObject()
      for (name, value) in [
        ("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height),
        ("top", min(rect.y, rect.y + rect.height)), ("right", max(rect.x, rect.x + rect.width)),
        ("bottom", max(rect.y, rect.y + rect.height)), ("left", min(rect.x, rect.x + rect.width)),
      ] {
        try json.setProperty(name, context.makeNumber(value))
      }
      return json
    }
  }

  /// https://drafts.fxtf.org/geometry/#domrect
  static let domRect = Interface<DOMRectObject>("DOMRect", inherits: domRectReadOnly) { b in
    b.constructor { args in
      DOMRectObject(
        x: args.optionalDouble(0) ?? 0, y: args.optionalDouble(1) ?? 0, width: args.optionalDouble(2) ?? 0,
        height: args.optionalDouble(3) ?? 0)
    }
    b.accessor("x", get: { $0.x }, set: { rect, value in rect.x = value.toDouble() })
    b.accessor("y", get: { $0.y }, set: { rect, value in rect.y = value.toDouble() })
    b.accessor("width", get: { $0.width }, set: { rect, value in rect.width = value.toDouble() })
    b.accessor("height", get: { $0.height }, set: { rect, value in rect.height = value.toDouble() })
  }

  /// https://drafts.fxtf.org/geometry/#domrectlist
  static let domRectList = Interface<DOMRectListObject>("DOMRectList") { b in
    b.indexed(length: { $0.rects.count }, lookup: { list, index in index < list.rects.count ? list.rects[index] : nil })
    b.method("item", length: 1) { list, args in
      let index = Int(try args.uint32(0))
      return index < list.rects.count ? list.rects[index] : nil
    }
  }

  /// https://drafts.csswg.org/cssom-view/#extension-to-the-element-interface
  static func addElementGeometry(_ b: InterfaceBuilder<Element>) {
    b.method("getBoundingClientRect") { element, args -> DOMRectObject in
      let layout = try Geometry.layout(element, args.context)
      let rects = layout?.clientRects(of: element) ?? []
      guard let first = rects.first else { return Geometry.rect(nil) }
      return Geometry.rect(rects.dropFirst().reduce(first) { $0.union($1) })
    }
    b.method("getClientRects") { element, args -> DOMRectListObject in
      DOMRectListObject((try Geometry.layout(element, args.context)?.clientRects(of: element) ?? []).map { Geometry.rect($0) })
    }
    // https://drafts.csswg.org/cssom-view/#dom-element-checkvisibility
    b.method("checkVisibility") { element, args -> Bool in
      var visibilityCSS = false, opacity = false
      let options = args.value(0)
      if options.isObject {
        visibilityCSS = try options.property("checkVisibilityCSS").toBool() || options.property("visibilityProperty").toBool()
        opacity = try options.property("checkOpacity").toBool() || options.property("opacityProperty").toBool()
      }
      return try Geometry.layout(element, args.context)?.isVisible(element, checkVisibilityCSS: visibilityCSS, checkOpacity: opacity) ?? false
    }
    for name in ["scrollTop", "scrollLeft"] {
      // Setting scrolls nothing: the page is laid out in the viewport and never scrolls.
      b.accessor(name, get: { _ in 0 }, set: { _, _ in })
    }
    for (name, isTop) in [("clientTop", true), ("clientLeft", false)] {
      b.contextGetter(name) { element, context -> Double in
        guard let origin = try Geometry.layout(element, context)?.clientOrigin(of: element) else { return 0 }
        return isTop ? origin.top : origin.left
      }
    }
    // The root element (the body in quirks mode) answers with the viewport: its client area is the viewport, and
    // its scrolling area at least that (https://drafts.csswg.org/cssom-view/#dom-element-clientwidth step 2).
    for (name, isWidth, isScroll) in [
      ("clientWidth", true, false), ("clientHeight", false, false), ("scrollWidth", true, true), ("scrollHeight", false, true),
    ] {
      b.contextGetter(name) { element, context -> Double in
        let document = element.document
        let isViewport = document.quirksMode == .quirks ? element === document.body : element === document.documentElement
        let layout = try Geometry.layout(element, context)
        if isViewport {
          let viewport = isWidth ? document.mediaEnvironment.width : document.mediaEnvironment.height
          guard isScroll, let size = layout?.scrollSize(of: element) else { return viewport }
          return max(viewport, (isWidth ? size.width : size.height).rounded())
        }
        guard let size = isScroll ? layout?.scrollSize(of: element) : layout?.clientSize(of: element) else { return 0 }
        return (isWidth ? size.width : size.height).rounded()
      }
    }
    b.method("scrollIntoView") { (_: Element, _: Arguments) in }
    for name in ["scroll", "scrollTo", "scrollBy"] {
      b.method(name) { (_: Element, _: Arguments) in }
    }
  }

  /// https://drafts.csswg.org/cssom-view/#extensions-to-the-htmlelement-interface
  static func addHTMLElementGeometry(_ b: InterfaceBuilder<Element>) {
    b.contextGetter("offsetParent") { element, context -> Element? in
      try Geometry.layout(element, context)?.offsetParent(of: element)
    }
    for (name, part) in [("offsetTop", 0), ("offsetLeft", 1), ("offsetWidth", 2), ("offsetHeight", 3)] {
      b.contextGetter(name) { element, context -> Double in
        guard let rect = try Geometry.layout(element, context)?.offsetRect(of: element) else { return 0 }
        return [rect.y, rect.x, rect.width, rect.height][part].rounded()
      }
    }
  }

  /// https://drafts.csswg.org/cssom-view/#extensions-to-the-document-interface: hit testing the layout.
  static func addDocumentGeometry(_ b: InterfaceBuilder<Document>) {
    b.method("elementFromPoint", length: 2) { document, args -> Element? in
      try args.require(2)
      return try Geometry.layout(document, args.context)?.elements(at: try args.double(0), try args.double(1)).first
    }
    b.method("elementsFromPoint", length: 2) { document, args -> [Element] in
      try args.require(2)
      return try Geometry.layout(document, args.context)?.elements(at: try args.double(0), try args.double(1)) ?? []
    }
    b.method("caretPositionFromPoint", length: 2) { _, args -> Element? in
      try args.require(2)
      return nil
    }
    // https://drafts.csswg.org/cssom-view/#dom-document-scrollingelement
    b.getter("scrollingElement") { document -> Element? in
      document.quirksMode == .quirks ? document.body : document.documentElement
    }
  }
}
