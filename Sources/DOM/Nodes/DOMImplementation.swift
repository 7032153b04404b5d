/// A document's `implementation`: makes doctypes and new, inert documents (no scripts, no loading, no window).
///
/// https://dom.spec.whatwg.org/#interface-domimplementation
public final class DOMImplementation {
  /// The document whose implementation this is; it owns the documents made here.
  public unowned let document: Document

  init(document: Document) { self.document = document }

  /// A new doctype node of the document.
  ///
  /// https://dom.spec.whatwg.org/#dom-domimplementation-createdocumenttype
  public func createDocumentType(_ name: String, publicId: String, systemId: String) throws -> DocumentType {
    try document.createDocumentType(name, publicId: publicId, systemId: systemId)
  }

  /// A new XML document, with a root element when `qualifiedName` is not empty.
  ///
  /// https://dom.spec.whatwg.org/#dom-domimplementation-createdocument
  public func createDocument(_ namespace: String?, _ qualifiedName: String, doctype: DocumentType?) throws -> XMLDocument {
    // Step 7 (the content type decides how createElement behaves, so it is set first).
    let contentType: String
    switch namespace {
    case LibXML.Namespace.html.rawValue: contentType = "application/xhtml+xml"
    case LibXML.Namespace.svg.rawValue: contentType = "image/svg+xml"
    default: contentType = "application/xml"
    }
    // Step 1.
    let made = XMLDocument(contentType: contentType)
    // Steps 2-3.
    let element = qualifiedName.isEmpty ? nil : try made.createElementNS(namespace, qualifiedName)
    // Step 4.
    if let doctype { _ = try made.appendChild(doctype) }
    // Step 5.
    if let element { _ = try made.appendChild(element) }
    // Step 8.
    document.madeDocuments.append(made)
    return made
  }

  /// A new HTML document: a doctype and `<html><head><title>title</title></head><body></body></html>`.
  ///
  /// https://dom.spec.whatwg.org/#dom-domimplementation-createhtmldocument
  public func createHTMLDocument(title: String? = nil) -> Document {
    // Steps 1-2.
    let made = Document(contentType: "text/html")
    // Step 3.
    if let doctype = try? made.createDocumentType("html") { made.insert(doctype, before: nil) }
    // Step 4.
    let html = made.createElement(unchecked: "html")
    made.insert(html, before: nil)
    // Step 5.
    let head = made.createElement(unchecked: "head")
    html.insert(head, before: nil)
    // Step 6.
    if let title {
      let element = made.createElement(unchecked: "title")
      head.insert(element, before: nil)
      element.insert(made.createTextNode(title), before: nil)
    }
    // Step 7.
    html.insert(made.createElement(unchecked: "body"), before: nil)
    // Step 9.
    document.madeDocuments.append(made)
    return made
  }

  /// Always true (https://dom.spec.whatwg.org/#dom-domimplementation-hasfeature).
  public func hasFeature() -> Bool { true }
}

/// A document made by `createDocument`: an XML document with the XMLDocument interface.
///
/// https://dom.spec.whatwg.org/#xmldocument
public final class XMLDocument: Document {}

extension Document {
  /// The document's DOMImplementation (the same object each time).
  public var implementation: DOMImplementation {
    if let made = implementationStorage { return made }
    let made = DOMImplementation(document: self)
    implementationStorage = made
    return made
  }

  /// Keeps `other` alive as long as this document (a document made by script, `new Document()`).
  public func keepAlive(_ other: Document) { madeDocuments.append(other) }
}
