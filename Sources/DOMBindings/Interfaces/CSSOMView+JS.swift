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

/// What `getClientRects()` returns: no boxes, as there is no layout.
final class DOMRectListObject: ScriptExposed {
  let rects: [DOMRectObject]
  init(_ rects: [DOMRectObject]) { self.rects = rects }
  static var scriptInterface: AnyInterface { DOMInterfaces.domRectList.erased }
}

/// CSSOM View's geometry for a document that is not laid out (webaction has no layout engine yet): the values every
/// browser gives an element that has no box (`display: none`), as other headless DOMs (jsdom) give them. Boxes are
/// empty rectangles at the origin, offsets and client/scroll sizes are 0, `offsetParent` is null, nothing is hit at a
/// point, and scrolling does nothing. The viewport itself has its size (``Window/viewportAttributes``).
///
/// https://drafts.csswg.org/cssom-view/
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

  /// https://drafts.csswg.org/cssom-view/#extension-to-the-element-interface, for an element with no box.
  static func addElementGeometry(_ b: InterfaceBuilder<Element>) {
    b.method("getBoundingClientRect") { _, _ in DOMRectObject() }
    b.method("getClientRects") { _, _ in DOMRectListObject([]) }
    for name in ["scrollTop", "scrollLeft"] {
      // Setting scrolls nothing: an element without a box has no scrolling area.
      b.accessor(name, get: { _ in 0 }, set: { _, _ in })
    }
    for name in ["clientTop", "clientLeft"] {
      b.getter(name) { _ in 0 }
    }
    // The root element (the body in quirks mode) answers with the viewport: its client area is the viewport, and
    // its scrolling area at least that (https://drafts.csswg.org/cssom-view/#dom-element-clientwidth step 2).
    for (name, isWidth) in [("clientWidth", true), ("clientHeight", false), ("scrollWidth", true), ("scrollHeight", false)] {
      b.getter(name) { element -> Double in
        let document = element.document
        let isViewport = document.quirksMode == .quirks ? element === document.body : element === document.documentElement
        guard isViewport else { return 0 }
        return isWidth ? document.mediaEnvironment.width : document.mediaEnvironment.height
      }
    }
    b.method("scrollIntoView") { (_: Element, _: Arguments) in }
    for name in ["scroll", "scrollTo", "scrollBy"] {
      b.method(name) { (_: Element, _: Arguments) in }
    }
  }

  /// https://drafts.csswg.org/cssom-view/#extensions-to-the-htmlelement-interface, for an element with no box.
  static func addHTMLElementGeometry(_ b: InterfaceBuilder<Element>) {
    b.getter("offsetParent") { _ -> Element? in nil }
    for name in ["offsetTop", "offsetLeft", "offsetWidth", "offsetHeight"] {
      b.getter(name) { _ in 0 }
    }
  }

  /// https://drafts.csswg.org/cssom-view/#extensions-to-the-document-interface: no element is at any point.
  static func addDocumentGeometry(_ b: InterfaceBuilder<Document>) {
    b.method("elementFromPoint", length: 2) { _, args -> Element? in
      try args.require(2)
      return nil
    }
    b.method("elementsFromPoint", length: 2) { _, args -> [Element] in
      try args.require(2)
      return []
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
