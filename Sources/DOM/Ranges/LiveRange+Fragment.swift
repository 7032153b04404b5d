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
    // Step 5.
    let made = try node.document.parseFragment(fragment, context: element!)
    // Step 6: "Unmark all scripts in fragment node as already started": unlike innerHTML's, these run when the
    // fragment is inserted into a document (the parser's scripts count as started until marked otherwise).
    for case let script as Element in made.descendants() where script.localName == "script" {
      if script.isHTML || script.namespaceURI == LibXML.Namespace.svg.rawValue { ScriptElementBehavior.madeByScript(script) }
    }
    return made
  }
}
