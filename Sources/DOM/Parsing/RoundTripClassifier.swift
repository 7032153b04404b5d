/// Decides whether a parsed tree holds a construct HTML cannot round-trip (`RoundTripException`).
///
/// Used by `ParserHarness.checkRoundTrip` only after the two serializations differ, so a false
/// "known" here hides a real bug: each rule names the parser step that rebuilds the tree differently.
enum RoundTripClassifier {
  /// The first exception found in `tree` (document and template contents), or nil.
  static func classify(_ tree: ParsedTree, serialized: String) -> RoundTripException? {
    // A U+000D survives only from a character reference; the re-parse normalises it to U+000A.
    if serialized.utf8.contains(13) { return .carriageReturn }
    var roots = [LibXML.node(of: tree.doc)]
    roots.append(contentsOf: tree.templateContents.values)
    let noQuirks = tree.quirksMode != .quirks
    for root in roots {
      var cursor = LibXML.firstChild(root)
      while let node = cursor {
        if let found = exception(at: node, noQuirks: noQuirks) { return found }
        cursor = LibXML.following(node, within: root)
      }
    }
    return nil
  }

  private static func exception(at node: LibXML.Node, noQuirks: Bool) -> RoundTripException? {
    switch LibXML.kind(node) {
    case .element:
      guard LibXML.namespaceURI(node) == nil else { return nil }
      let name = LibXML.name(node)
      if name == "plaintext" { return .plaintext }
      if name != "noframes", followsFrameset(node) { return .afterFrameset }
      if name == "script", scriptText(node).contains("<!--") { return .scriptEscape }
      return misnested(node, name: name, noQuirks: noQuirks) ? .misnested : nil
    default: return nil
    }
  }

  /// https://html.spec.whatwg.org/#parsing-main-afterframeset: after `</frameset>` only `<noframes>` and `<html>` start
  /// tags count, but whitespace is processed with the in-body rules, which reconstruct active formatting elements.
  private static func followsFrameset(_ node: LibXML.Node) -> Bool {
    var sibling = LibXML.previous(node)
    while let current = sibling {
      if LibXML.kind(current) == .element, LibXML.namespaceURI(current) == nil, LibXML.name(current) == "frameset" {
        return true
      }
      sibling = LibXML.previous(current)
    }
    return false
  }

  private static func scriptText(_ node: LibXML.Node) -> String {
    var text = ""
    var child = LibXML.firstChild(node)
    while let current = child {
      if LibXML.kind(current) == .text { text += LibXML.content(current) }
      child = LibXML.next(current)
    }
    return text
  }

  /// True when re-parsing this element's start tag inside its ancestors would close one of them or be dropped.
  /// (Every rule is tried: a `<form>` may be fine under its ancestor forms and still close a `<p>`.)
  ///
  /// https://html.spec.whatwg.org/#parsing-main-inbody (the start-tag rules cited per case)
  private static func misnested(_ node: LibXML.Node, name: String, noQuirks: Bool) -> Bool {
    // An HTML element whose parent is a foreign element but no integration point: re-parsed there, its start tag
    // breaks out of the foreign content or makes a foreign element. Only the in-body rules put it there, reached
    // from an `<annotation-xml>` by an `<svg>` start tag: reconstructing the active formatting elements (found by
    // Scripts/fuzz: `<math><annotation-xml>` holding a reconstructed `<nobr>`).
    if let parent = LibXML.parent(node), LibXML.kind(parent) == .element, LibXML.namespaceURI(parent) != nil,
      !isIntegrationPoint(parent)
    {
      return true
    }
    switch name {
    case "a":  // "a": an active <a> after the last marker runs the adoption agency.
      if hasAncestor(node, named: ["a"], stoppingAt: markers, foreignBoundaries: false) { return true }
    case "form":  // "form": ignored while the form element pointer is set.
      if hasAncestor(node, named: ["form"], stoppingAt: []) { return true }
    case "nobr", "button":  // "nobr"/"button": one in scope is closed first.
      if hasAncestor(node, named: [name], stoppingAt: defaultScope) { return true }
    case "select":  // "select" in select: acts as </select>.
      if hasAncestor(node, named: ["select"], stoppingAt: []) { return true }
    case "input":  // "input" with a select in scope pops the select; the in-table rules insert it anyway.
      if hasAncestor(node, named: ["select"], stoppingAt: defaultScope) { return true }
    case "hr":  // "hr" with a select in scope closes an open option (a <table> on the stack hid the select).
      if hasAncestor(node, named: ["option", "optgroup"], stoppingAt: defaultScope),
        hasAncestor(node, named: ["select"], stoppingAt: defaultScope)
      {
        return true
      }
    case "rb", "rp", "rt", "rtc":  // with a ruby in scope, implied end tags close an open rb/rp/rt (rtc too, for rb/rtc).
      let closed: Set<String> = name == "rb" || name == "rtc" ? ["rb", "rp", "rt", "rtc"] : ["rb", "rp", "rt"]
      if hasAncestor(node, named: closed, stoppingAt: defaultScope),
        hasAncestor(node, named: ["ruby"], stoppingAt: defaultScope)
      {
        return true
      }
    case "h1", "h2", "h3", "h4", "h5", "h6":  // a heading as current node is popped.
      if let parent = LibXML.parent(node), isHTML(parent), headings.contains(LibXML.name(parent)) { return true }
    case "option", "optgroup":
      // "option": a current option is popped; with a select in scope, implied end tags (p, li, ...) are
      // generated first, which foster parenting or the in-table rules skip.
      if let parent = LibXML.parent(node), isHTML(parent) {
        let parentName = LibXML.name(parent)
        if parentName == "option" { return true }
        if impliedEndTags.contains(parentName), hasAncestor(node, named: ["select"], stoppingAt: defaultScope) {
          return true
        }
      }
    default: break
    }
    if name == "li" || name == "dd" || name == "dt" {  // "li"/"dd"/"dt": the open item is closed.
      let items: Set<String> = name == "li" ? ["li"] : ["dd", "dt"]
      if hasAncestor(node, named: items, stoppingAt: special.subtracting(["address", "div", "p"])) { return true }
    }
    // Start tags that "close a p element" in button scope.
    if closesP.contains(name) || (noQuirks && name == "table") {
      return hasAncestor(node, named: ["p"], stoppingAt: defaultScope.union(["button"]))
    }
    return false
  }

  /// https://html.spec.whatwg.org/#html-integration-point and #mathml-text-integration-point: where HTML start tags
  /// are processed as HTML inside foreign content.
  private static func isIntegrationPoint(_ node: LibXML.Node) -> Bool {
    let name = LibXML.name(node)
    if LibXML.namespaceURI(node) == LibXML.Namespace.svg.rawValue { return ["foreignObject", "desc", "title"].contains(name) }
    if ["mi", "mo", "mn", "ms", "mtext"].contains(name) { return true }
    guard name == "annotation-xml", let encoding = LibXML.attribute(node, namespaceURI: nil, localName: "encoding") else {
      return false
    }
    let value = LibXML.value(of: encoding).lowercased()
    return value == "text/html" || value == "application/xhtml+xml"
  }

  private static func isHTML(_ node: LibXML.Node) -> Bool {
    LibXML.kind(node) == .element && LibXML.namespaceURI(node) == nil
  }

  /// Whether an HTML ancestor is named in `names` before one named in `boundary` (or, when `foreignBoundaries`,
  /// an SVG/MathML scope boundary: the list of active formatting elements, unlike scope, ignores those).
  private static func hasAncestor(_ node: LibXML.Node, named names: Set<String>, stoppingAt boundary: Set<String>,
                                  foreignBoundaries: Bool = true) -> Bool
  {
    var cursor = LibXML.parent(node)
    while let ancestor = cursor, LibXML.kind(ancestor) == .element {
      let name = LibXML.name(ancestor)
      if LibXML.namespaceURI(ancestor) == nil {
        if names.contains(name) { return true }
        if boundary.contains(name) { return false }
      } else if foreignBoundaries, !boundary.isEmpty, foreignScope.contains(name) {
        return false
      }
      cursor = LibXML.parent(ancestor)
    }
    return false
  }

  /// https://html.spec.whatwg.org/#generate-implied-end-tags (those that can hold an option).
  private static let impliedEndTags: Set<String> = ["dd", "dt", "li", "optgroup", "p", "rb", "rp", "rt", "rtc"]
  private static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
  /// https://html.spec.whatwg.org/#concept-parser-marker
  private static let markers: Set<String> = ["applet", "caption", "marquee", "object", "td", "th", "template"]
  /// https://html.spec.whatwg.org/#has-an-element-in-scope (HTML part).
  private static let defaultScope: Set<String> = [
    "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template",
  ]
  /// The scope boundaries in SVG and MathML.
  private static let foreignScope: Set<String> = [
    "mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignObject", "desc", "title",
  ]
  private static let closesP: Set<String> = [
    "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
    "figcaption", "figure", "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p", "search", "section",
    "summary", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "form", "plaintext", "hr", "xmp",
    "li", "dd", "dt",
  ]
  /// https://html.spec.whatwg.org/#special (HTML part): the tree builder's own set.
  private static var special: Set<String> { HTMLTreeBuilder.special }
}
