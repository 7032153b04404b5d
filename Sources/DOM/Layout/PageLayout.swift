/// A document's boxes and their geometry, made on the first geometry read and kept until the document or its media
/// environment changes (``Document/styleVersion`` moves on every change to the tree, an attribute or text), so
/// pages that never read geometry never lay out.
///
/// https://drafts.csswg.org/cssom-view/ — coordinates are the initial containing block's, which is also the
/// viewport's: nothing scrolls.
public final class PageLayout {
  let version: UInt64
  let environment: MediaEnvironment
  let root: LayoutBox?
  private var boxes: [ObjectIdentifier: LayoutBox] = [:]
  /// Boxes in paint order, back to front (``paintOrder(_:)``).
  private var paintOrder: [LayoutBox] = []
  /// Elements inside a closed `<details>`: they have boxes, but are not painted or hit.
  private var skippedElements = Set<ObjectIdentifier>()
  /// The boxes of the graphics inside outer `<svg>` elements (SVGGeometry.swift), and each svg's shapes in paint order.
  private var svgBoxes: [ObjectIdentifier: LayoutRect] = [:]
  private var svgShapes: [ObjectIdentifier: [(element: Element, rect: LayoutRect)]] = [:]

  init(document: Document, naturalSize: ((Element) -> (width: Double, height: Double)?)?) {
    version = document.styleVersion
    environment = document.mediaEnvironment
    root = BoxTreeBuilder.build(document)
    if let root {
      let engine = LayoutEngine(viewport: environment)
      engine.naturalSize = naturalSize
      engine.layout(root: root)
      func visit(_ box: LayoutBox, skipped: Bool) {
        if let element = box.element, boxes[ObjectIdentifier(element)] == nil {
          boxes[ObjectIdentifier(element)] = box
          if skipped { skippedElements.insert(ObjectIdentifier(element)) }
        }
        for child in box.children { visit(child, skipped: skipped || box.skipsContents) }
      }
      visit(root, skipped: false)
      paintOrder = Self.paintOrder(root)
      for box in paintOrder where box.kind == .replaced {
        guard let svg = box.element, svg.localName == "svg", svg.namespaceURI == LibXML.Namespace.svg.rawValue else { continue }
        let geometry = SVGGeometry(svg: svg, contentBox: LayoutRect(x: box.contentX, y: box.contentY, width: box.contentWidth, height: box.contentHeight))
        for (element, rect) in geometry.boxes { svgBoxes[ObjectIdentifier(element)] = rect }
        svgShapes[ObjectIdentifier(svg)] = geometry.shapes
      }
    }
  }

  /// A box and its descendants back to front (https://www.w3.org/TR/CSS22/zindex.html, simplified): the box, its
  /// positioned descendants with negative z-index, its in-flow descendants in tree order, then its positioned
  /// descendants by z-index (tree order among equals), each painted with everything inside it. Contents of a closed
  /// `<details>` are not painted.
  private static func paintOrder(_ box: LayoutBox) -> [LayoutBox] {
    var inFlow: [LayoutBox] = []
    var layers: [(z: Int, order: Int, boxes: [LayoutBox])] = []
    func walk(_ parent: LayoutBox) {
      guard !parent.skipsContents else { return }
      for child in parent.children {
        if child.style.isPositioned {
          layers.append((child.style.zIndex ?? 0, layers.count, paintOrder(child)))
        } else {
          inFlow.append(child)
          walk(child)
        }
      }
    }
    walk(box)
    layers.sort { ($0.z, $0.order) < ($1.z, $1.order) }
    return [box] + layers.filter { $0.z < 0 }.flatMap(\.boxes) + inFlow + layers.filter { $0.z >= 0 }.flatMap(\.boxes)
  }

  func isCurrent(for document: Document) -> Bool {
    version == document.styleVersion && environment == document.mediaEnvironment
  }

  /// The element's principal box's border box; nil when it generates no box (`display: none`, `contents`, or
  /// not in the document).
  public func borderBox(of element: Element) -> LayoutRect? {
    boxes[ObjectIdentifier(element)].map(\.borderRect) ?? svgBoxes[ObjectIdentifier(element)]
  }

  /// One border-box rectangle per box fragment: each line an inline has content on, else the border box.
  public func clientRects(of element: Element) -> [LayoutRect] {
    guard let box = boxes[ObjectIdentifier(element)] else { return svgBoxes[ObjectIdentifier(element)].map { [$0] } ?? [] }
    if box.kind == .inline { return box.fragments }
    return [box.borderRect]
  }

  /// The padding box's size less scrollbars (none here): `clientWidth`/`clientHeight`; nil for inline boxes and
  /// elements with no box.
  public func clientSize(of element: Element) -> (width: Double, height: Double)? {
    guard let box = boxes[ObjectIdentifier(element)], box.kind != .inline else { return nil }
    let rect = box.paddingRect
    return (rect.width, rect.height)
  }

  /// The content box's size (an image's rendered `width` and `height`); nil for inline boxes and elements with no box.
  public func contentSize(of element: Element) -> (width: Double, height: Double)? {
    guard let box = boxes[ObjectIdentifier(element)], box.kind != .inline else { return nil }
    return (box.contentWidth, box.contentHeight)
  }

  /// The border widths on the top and left: `clientTop`/`clientLeft`.
  public func clientOrigin(of element: Element) -> (top: Double, left: Double)? {
    guard let box = boxes[ObjectIdentifier(element)], box.kind != .inline else { return nil }
    return (box.border.top, box.border.left)
  }

  /// The scrolling area: the padding box, or the descendants' extent beyond it (`scrollWidth`/`scrollHeight`).
  public func scrollSize(of element: Element) -> (width: Double, height: Double)? {
    guard let box = boxes[ObjectIdentifier(element)], box.kind != .inline else { return nil }
    let padding = box.paddingRect
    var right = padding.maxX, bottom = padding.maxY
    for child in box.children where child.element != nil || child.kind == .block {
      child.forEach { descendant in
        guard descendant.width > 0 || descendant.height > 0 else { return }
        right = max(right, descendant.x + descendant.width)
        bottom = max(bottom, descendant.y + descendant.height)
      }
    }
    return (right - padding.x, bottom - padding.y)
  }

  /// https://drafts.csswg.org/cssom-view/#dom-htmlelement-offsetparent — the nearest positioned ancestor, or
  /// td/th/table ancestor of a static element, or the body; null for the root, the body, fixed boxes and elements
  /// with no box.
  public func offsetParent(of element: Element) -> Element? {
    guard let box = boxes[ObjectIdentifier(element)] else { return nil }
    let document = element.document
    if element === document.documentElement || element === document.body || box.style.position == .fixed { return nil }
    var ancestor = element.parentElement
    while let current = ancestor {
      if current === document.body { return current }
      if let ancestorBox = boxes[ObjectIdentifier(current)] {
        if ancestorBox.style.isPositioned { return current }
        if box.style.position == .static, current.isHTML, ["td", "th", "table"].contains(current.localName) { return current }
      } else if current.computedStyle?[.display] == "contents" {
        // display: contents ancestors have no box and are passed over.
      }
      ancestor = current.parentElement
    }
    return nil
  }

  /// `offsetLeft`/`offsetTop`/`offsetWidth`/`offsetHeight`: the border box relative to the offset parent's padding
  /// edge (the initial containing block when there is none).
  public func offsetRect(of element: Element) -> LayoutRect? {
    guard let rect = clientRects(of: element).first.map({ first in
      clientRects(of: element).dropFirst().reduce(first) { $0.union($1) }
    }) ?? borderBox(of: element) else { return nil }
    guard let parent = offsetParent(of: element), let parentBox = boxes[ObjectIdentifier(parent)] else { return rect }
    let origin = parent === element.document.body && !parentBox.style.isPositioned ? (x: 0.0, y: 0.0) : (x: parentBox.paddingRect.x, y: parentBox.paddingRect.y)
    return rect.offsetBy(-origin.x, -origin.y)
  }

  /// The elements whose boxes are at a point, front to back (https://drafts.csswg.org/cssom-view/#dom-document-elementsfrompoint):
  /// boxes hidden by `visibility`, outside an ancestor's overflow clip, are passed over.
  public func elements(at x: Double, _ y: Double) -> [Element] {
    guard x >= 0, y >= 0, x < environment.width, y < environment.height else { return [] }
    var hits: [Element] = []
    var seen = Set<ObjectIdentifier>()
    for box in paintOrder.reversed() {
      guard let element = box.element ?? nearestElement(box), !seen.contains(ObjectIdentifier(element)) else { continue }
      guard !box.style.visibilityHidden else { continue }
      let rects = box.kind == .inline || box.kind == .text ? box.fragments : [box.borderRect]
      guard rects.contains(where: { $0.contains(x: x, y: y) }), !isClipped(box, x: x, y: y) else { continue }
      seen.insert(ObjectIdentifier(element))
      // Inside an svg, the topmost shape under the point (its ancestors up to the svg follow).
      if let shape = svgShapes[ObjectIdentifier(element)]?.last(where: { $0.rect.contains(x: x, y: y) }) {
        hits.append(shape.element)
      }
      hits.append(element)
    }
    // Every element hit has its ancestors hit too (the root is under everything).
    var result: [Element] = []
    var added = Set<ObjectIdentifier>()
    for element in hits where !added.contains(ObjectIdentifier(element)) {
      var current: Element? = element
      while let node = current {
        if added.insert(ObjectIdentifier(node)).inserted { result.append(node) }
        current = node.parentElement
      }
    }
    if let root = element(root), !added.contains(ObjectIdentifier(root)) { result.append(root) }
    return result
  }

  private func element(_ box: LayoutBox?) -> Element? { box?.element }

  private func nearestElement(_ box: LayoutBox) -> Element? {
    var current = box.parent
    while let node = current {
      if let element = node.element { return element }
      current = node.parent
    }
    return nil
  }

  private func isClipped(_ box: LayoutBox, x: Double, y: Double) -> Bool {
    var current = box.parent
    while let ancestor = current {
      if ancestor.style.overflowClips, !box.style.isOutOfFlowPositioned || ancestor.style.isPositioned,
        !ancestor.paddingRect.contains(x: x, y: y)
      {
        return true
      }
      current = ancestor.parent
    }
    return false
  }

  /// https://w3c.github.io/IntersectionObserver/#calculate-intersection-rect-algo — the element's bounding box clipped
  /// by the overflow clips of its containing boxes up to `root` (exclusive; nil: the whole tree); nil when it has no
  /// box or is inside a closed `<details>`.
  public func clippedRect(of element: Element, root: Element? = nil) -> LayoutRect? {
    guard !skippedElements.contains(ObjectIdentifier(element)) else { return nil }
    guard let box = boxes[ObjectIdentifier(element)] else { return svgBoxes[ObjectIdentifier(element)] }
    let fragments = clientRects(of: element)
    var rect = fragments.dropFirst().reduce(fragments.first ?? box.borderRect) { $0.union($1) }
    var current = box.parent
    while let ancestor = current, root.map({ ancestor.element !== $0 }) ?? true {
      if ancestor.style.overflowClips, !box.style.isOutOfFlowPositioned || ancestor.style.isPositioned {
        rect = rect.intersection(ancestor.paddingRect)
      }
      current = ancestor.parent
    }
    return rect
  }

  /// https://drafts.csswg.org/cssom-view/#dom-element-checkvisibility — false without a box or inside a closed
  /// `<details>` (content-visibility: hidden); with options, false
  /// when `visibility` hides it or an ancestor's `opacity` is 0.
  public func isVisible(_ element: Element, checkVisibilityCSS: Bool, checkOpacity: Bool) -> Bool {
    guard let box = boxes[ObjectIdentifier(element)], !skippedElements.contains(ObjectIdentifier(element)) else {
      return svgBoxes[ObjectIdentifier(element)] != nil
    }
    if checkVisibilityCSS && box.style.visibilityHidden { return false }
    if checkOpacity {
      var current: LayoutBox? = box
      while let node = current {
        if node.style.opacity == 0 { return false }
        current = node.parent
      }
    }
    return true
  }
}

extension Document {
  /// The layout for geometry reads, made now when the document changed since the last one.
  public func pageLayout(naturalSize: ((Element) -> (width: Double, height: Double)?)? = nil) -> PageLayout {
    if let layout = pageLayoutStorage, layout.isCurrent(for: self) { return layout }
    let layout = PageLayout(document: self, naturalSize: naturalSize)
    pageLayoutStorage = layout
    return layout
  }
}
