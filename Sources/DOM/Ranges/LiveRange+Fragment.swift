/// Markup parsed where a range starts.
extension LiveRange {
  /// `fragment` parsed (as HTML, or XML in an XML document) in the context of the element where the range starts.
  ///
  /// https://w3c.github.io/DOM-Parsing/#dom-range-createcontextualfragment
  public func createContextualFragment(_ fragment: String) throws -> DocumentFragment {
    // Step 1.
    let node = startContainer
    // Steps 2-3.
    var element: Element?
    if let start = node as? Element {
      element = start
    } else if node is Text || node is Comment {
      element = node.parentElement
    }
    // Step 4.
    if element == nil || (node.document.isHTMLDocument && element!.isHTML(named: "html")) {
      element = node.document.createElement(unchecked: "body")
    }
    // Steps 5-7 (no script is ever marked "already started" by the parser here, so there is nothing to unmark).
    return try node.document.parseFragment(fragment, context: element!)
  }
}
