/// `innerText` and `outerText` (https://html.spec.whatwg.org/multipage/dom.html#the-innertext-idl-attribute).
extension Element {
  /// The element's text as rendered: white space as CSS processes it, `text-transform` applied, line feeds
  /// for blocks and `<br>`, tabs between table cells, nothing from `display: none`, `visibility: hidden` or
  /// `<head>`. An element that is not being rendered (outside its document, or under `display: none`) gives its
  /// text content. Setting it replaces the children with text and `<br>` elements.
  public var innerText: String {
    get {
      var collector = InnerTextCollector()
      return collector.run(on: self)
    }
    set {
      // https://html.spec.whatwg.org/multipage/dom.html#set-the-inner-text-steps
      replaceAll(with: renderedTextFragment(newValue))
    }
  }

  /// The same as ``innerText`` when read.
  public var outerText: String { innerText }

  /// Replaces the element itself with text and `<br>` elements, merging the text with adjacent Text nodes.
  ///
  /// https://html.spec.whatwg.org/multipage/dom.html#dom-outertext
  /// Throws NoModificationAllowedError when the element has no parent.
  public func setOuterText(_ value: String) throws {
    // Step 1.
    guard let parent = parentNode else {
      throw DOMException(.noModificationAllowedError, "outerText: the element has no parent")
    }
    // Steps 2-4.
    let next = nextSibling
    let previous = previousSibling
    let fragment = renderedTextFragment(value)
    if !fragment.hasChildNodes() { try fragment.appendChild(document.createTextNode("")) }
    // Step 5.
    _ = try parent.replaceChild(fragment, self)
    // Steps 6-7.
    if let next, let text = next.previousSibling as? Text { try Self.mergeWithNextText(text) }
    if let text = previous as? Text { try Self.mergeWithNextText(text) }
  }

  /// https://html.spec.whatwg.org/multipage/dom.html#rendered-text-fragment: text runs, and a `<br>` for each line
  /// feed or carriage return (CRLF counts once).
  private func renderedTextFragment(_ input: String) -> DocumentFragment {
    let fragment = document.createDocumentFragment()
    var run = ""
    var scalars = input.unicodeScalars.makeIterator()
    var pending = scalars.next()
    func flush() {
      if !run.isEmpty { _ = try? fragment.appendChild(document.createTextNode(run)) }
      run = ""
    }
    while let scalar = pending {
      pending = scalars.next()
      if scalar == "\n" || scalar == "\r" {
        flush()
        if scalar == "\r", pending == "\n" { pending = scalars.next() }
        _ = try? fragment.appendChild(document.createElement(unchecked: "br"))
      } else {
        run.unicodeScalars.append(scalar)
      }
    }
    flush()
    return fragment
  }

  /// https://html.spec.whatwg.org/multipage/dom.html#merge-with-the-next-text-node
  private static func mergeWithNextText(_ node: Text) throws {
    guard let next = node.nextSibling as? Text else { return }
    try node.replaceData(node.length, 0, next.data)
    next.removeFromParent()
  }
}
