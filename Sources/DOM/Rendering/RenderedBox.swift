/// How an element takes part in rendering, as much as text extraction needs to know without layout: whether it
/// makes a box, of which kind, and whether its children can make boxes.
///
/// https://html.spec.whatwg.org/multipage/rendering.html#being-rendered — an element is being rendered when it
/// has a box: not `display: none` or `contents`, not inside a replaced element (whose children are fallback
/// content), not `<noscript>` (scripting is on). Chromium's layout tree is the reference for the choices below.
struct RenderedBox {
  enum Kind {
    /// No box, and no box for anything inside.
    case none
    /// No box, but the children have boxes in the parent's place.
    case contents
    /// An inline box: its text takes part in the surrounding inline formatting context.
    case inline
    /// `<br>`: a forced line break.
    case lineBreak
    /// An atomic inline (inline-block, a replaced element): a box of its own inside a line.
    case atomicInline
    /// A block-level box in flow (blocks, list items, tables and their parts, flex and grid containers).
    case block
    /// A float or an absolutely positioned box.
    case outOfFlow
  }

  var kind: Kind
  var style: ComputedStyle
  /// False for replaced elements, `<select>` and `<option>` (whose children are drawn by the element itself) and for
  /// a `content-visibility: hidden` element: its descendants make no boxes.
  var rendersChildren: Bool
  /// False for SVG containers: text is drawn only inside `<text>`.
  var rendersText: Bool

  /// Elements whose children are not rendered as boxes (replaced elements and form controls).
  private static let replaced: Set<String> = [
    "img", "input", "textarea", "select", "video", "audio", "canvas", "iframe", "embed", "object", "frame",
    "frameset", "meter", "progress", "fencedframe", "image", "option",
  ]

  private static let atomicDisplays: Set<String> = [
    "inline-block", "inline-table", "inline-flex", "inline-grid", "-webkit-inline-box", "inline list-item",
  ]
  private static let inlineDisplays: Set<String> = ["inline", "ruby", "ruby-text", "math"]

  /// The box of `element`, whose style is `style`.
  init(_ element: Element, style: ComputedStyle) {
    self.style = style
    rendersChildren = true
    rendersText = true
    let display = style[.display]
    kind = .none
    guard display != "none" else { return }
    if style[.contentVisibility] == "hidden" { rendersChildren = false }
    switch element.namespaceURI {
    case LibXML.Namespace.html.rawValue:
      let name = element.localName
      // <noscript> (scripting is on) and an <embed> with nothing to show make no box.
      if name == "noscript" || (name == "embed" && !element.hasAttribute("src")) { return }
      if display == "contents" {
        kind = .contents
        return
      }
      if name == "br" {
        kind = .lineBreak
        rendersChildren = false
        return
      }
      kind = Self.kind(display: display, style: style)
      if Self.replaced.contains(name) {
        rendersChildren = false
        if kind == .inline { kind = .atomicInline }
      }
    case LibXML.Namespace.svg.rawValue:
      classifySVG(element, display: display)
    case LibXML.Namespace.mathml.rawValue:
      // Chromium lays out <math> inline and each MathML element inside it as a block.
      kind = display == "contents" ? .contents : element.localName == "math" ? .inline : .block
    default:
      kind = display == "contents" ? .contents : Self.kind(display: display, style: style)
    }
  }

  private static func kind(display: String, style: ComputedStyle) -> Kind {
    let position = style[.position]
    if style[.float] != "none" || position == "absolute" || position == "fixed" { return .outOfFlow }
    if inlineDisplays.contains(display) { return .inline }
    if atomicDisplays.contains(display) { return .atomicInline }
    return .block
  }

  /// SVG: the outermost `<svg>` is a replaced box; inside it only `<text>` (a block) and `<foreignObject>` hold
  /// rendered text; groups and links pass their element children through; everything else draws no text.
  private mutating func classifySVG(_ element: Element, display: String) {
    if display == "contents" {
      kind = .contents
      return
    }
    switch element.localName {
    case "svg":
      let nested = element.parentElement?.namespaceURI == LibXML.Namespace.svg.rawValue
      kind = nested ? .contents : .atomicInline
      rendersText = false
    case "g", "switch":
      kind = .contents
      rendersText = false
    case "a":
      kind = .inline
    case "text", "foreignObject":
      kind = .block
    case "tspan", "textPath":
      kind = .inline
    default:
      kind = .none
    }
  }

  /// True when the box is block-level for innerText's required line breaks: blocks except table row groups
  /// (Chromium's `IsDisplayBlockLevel`); floats and absolutely positioned boxes count.
  var isBlockLevelForText: Bool {
    switch kind {
    case .block:
      let display = style[.display]
      return display != "table-row-group" && display != "table-header-group" && display != "table-footer-group"
    case .outOfFlow: return true
    default: return false
    }
  }
}

extension Element {
  /// The element's box, or nil when it is not in its document.
  var renderedBox: RenderedBox? { computedStyle.map { RenderedBox(self, style: $0) } }

  /// The children that can have boxes: all of them, except in a closed `<details>`, where only the first `<summary>`
  /// child is shown (the rest sits in a slot with `content-visibility: hidden`).
  var renderedChildren: [Node] {
    guard isHTML(named: "details"), !hasAttribute("open") else { return childNodes }
    return children.first { $0.isHTML(named: "summary") }.map { [$0] } ?? []
  }
}
