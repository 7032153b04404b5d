internal import CLibXML2

@testable import DOM

// Raw libxml2 helpers for tests; kept apart from Foundation, whose ICU clashes with libxml2's headers.

/// Frees a document and its unlinked template content fragments (what the Document does when it dies).
func xmlFreeDocAndTemplates(_ doc: xmlDocPtr, _ templates: [xmlNodePtr]) {
  LibXML.free(doc, detached: templates)
}

/// Frees unlinked fragment nodes and their template contents.
func freeFragment(_ nodes: [xmlNodePtr], templates: [xmlNodePtr: xmlNodePtr]) {
  for node in nodes { LibXML.freeSubtree(node) }
  for content in templates.values { LibXML.freeSubtree(content) }
}

/// Parses `html` as a fragment, links the nodes into a context element and returns its innerHTML.
func fragmentInnerHTML(_ html: String, context: (localName: String, namespace: LibXML.Namespace),
                       scripting: Bool = true, parser: HTML5LibParser = .gumbo) -> String
{
  let doc = LibXML.newDocument()
  defer { xmlFreeDocAndTemplates(doc, []) }
  let result = parser == .gumbo
    ? HTMLTreeBuilder.parseFragment(html, context: context.localName, namespace: context.namespace, into: doc)
    : HTML5Parser.parseFragment(html, context: context.localName, namespace: context.namespace, into: doc,
                                scripting: scripting)
  let element = LibXML.newElement(context.localName, namespace: context.namespace, in: doc)
  for node in result.nodes { LibXML.link(node, into: element, before: nil) }
  defer { freeFragment([element], templates: result.templateContents) }
  return HTMLSerializer.serializeChildren(of: element, templateContents: { result.templateContents[$0] })
}

/// The `<html>` element of a parsed document (the document's element child).
func documentElement(_ doc: xmlDocPtr) -> xmlNodePtr? {
  var child = LibXML.documentNode(doc).pointee.children
  while let c = child, c.pointee.type != XML_ELEMENT_NODE { child = c.pointee.next }
  return child
}

/// The first element child of `node` named `name`.
func childElement(_ node: xmlNodePtr?, _ name: String) -> xmlNodePtr? {
  var child = node?.pointee.children
  while let c = child {
    if c.pointee.type == XML_ELEMENT_NODE, String(cString: c.pointee.name) == name { return c }
    child = c.pointee.next
  }
  return nil
}

/// Parses `html` as a document and runs `body` on the tree, then frees it.
func withParsedDocument<T>(_ html: String, _ body: (ParsedTree) -> T) -> T {
  let tree = HTMLTreeBuilder.parseDocument(utf8: html)
  defer { xmlFreeDocAndTemplates(tree.doc, Array(tree.templateContents.values)) }
  return body(tree)
}

func bodyInnerHTML(_ html: String) -> String { innerHTML(html, of: "body") }

func head(_ html: String) -> String { innerHTML(html, of: "head") }

func innerHTML(_ html: String, of name: String) -> String {
  withParsedDocument(html) { tree in
    let element = childElement(documentElement(tree.doc), name)!
    return HTMLSerializer.serializeChildren(of: element, templateContents: { tree.templateContents[$0] })
  }
}

func documentHTML(_ html: String) -> String {
  withParsedDocument(html) { tree in
    HTMLSerializer.serializeDocument(tree.doc, templateContents: { tree.templateContents[$0] })
  }
}

func outerHTMLOfFirstBodyChild(_ html: String) -> String {
  withParsedDocument(html) { tree in
    let body = childElement(documentElement(tree.doc), "body")!
    return HTMLSerializer.serialize(body.pointee.children!, templateContents: { tree.templateContents[$0] })
  }
}

/// Builds `<span>` nested `depth` deep around "x" by hand and returns its outerHTML.
func serializeDeepTree(depth: Int) -> String {
  let doc = LibXML.newDocument()
  defer { xmlFreeDocAndTemplates(doc, []) }
  let root = LibXML.newElement("span", namespace: nil, in: doc)
  var parent = root
  for _ in 1..<depth {
    let child = LibXML.newElement("span", namespace: nil, in: doc)
    LibXML.link(child, into: parent, before: nil)
    parent = child
  }
  LibXML.link(LibXML.newText("x", in: doc), into: parent, before: nil)
  LibXML.link(root, into: LibXML.documentNode(doc), before: nil)
  return HTMLSerializer.serialize(root, templateContents: { _ in nil })
}

struct DoctypeInfo { var firstChildIsDoctype = false, isInternalSubset = false, hasExternalSubset = false
  var name = "", publicId = "", systemId = "" }

func doctypeInfo(_ doc: xmlDocPtr) -> DoctypeInfo {
  var info = DoctypeInfo()
  guard let first = LibXML.documentNode(doc).pointee.children, first.pointee.type == XML_DTD_NODE else { return info }
  info.firstChildIsDoctype = true
  let dtd = UnsafeMutableRawPointer(first).assumingMemoryBound(to: xmlDtd.self)
  info.isInternalSubset = doc.pointee.intSubset == dtd
  info.hasExternalSubset = doc.pointee.extSubset != nil
  info.name = dtd.pointee.name.map { String(cString: $0) } ?? ""
  info.publicId = dtd.pointee.ExternalID.map { String(cString: $0) } ?? ""
  info.systemId = dtd.pointee.SystemID.map { String(cString: $0) } ?? ""
  return info
}

struct NamespaceSummary { var htmlElementsHaveNoNamespace = true, svgNamespaceCount = 0
  var namespacedAttributes: [String] = [], plainAttributesOnHTML: [String] = [], headNamespaceIsXML = false }

func namespaceSummary(_ doc: xmlDocPtr) -> NamespaceSummary {
  var summary = NamespaceSummary()
  var svgNamespaces = Set<xmlNsPtr>()
  let htmlNames: Set<String> = ["html", "head", "body", "p"]
  func visit(_ node: xmlNodePtr) {
    var child = node.pointee.children
    while let c = child {
      if c.pointee.type == XML_ELEMENT_NODE {
        let name = String(cString: c.pointee.name)
        if htmlNames.contains(name), c.pointee.ns != nil { summary.htmlElementsHaveNoNamespace = false }
        if let ns = c.pointee.ns, String(cString: ns.pointee.href) == LibXML.Namespace.svg.rawValue { svgNamespaces.insert(ns) }
        var attr = c.pointee.properties
        while let a = attr {
          let local = String(cString: a.pointee.name)
          if let ns = a.pointee.ns { summary.namespacedAttributes.append(local + " " + String(cString: ns.pointee.href)) }
          else if c.pointee.ns == nil { summary.plainAttributesOnHTML.append(local) }
          attr = a.pointee.next
        }
        visit(c)
      }
      child = c.pointee.next
    }
  }
  visit(LibXML.documentNode(doc))
  summary.svgNamespaceCount = svgNamespaces.count
  summary.namespacedAttributes.sort()
  summary.headNamespaceIsXML = doc.pointee.oldNs.map { String(cString: $0.pointee.href) } == LibXML.Namespace.xml.rawValue
  return summary
}

struct TemplateInfo { var count = 0, templateHasChildren = true, contentIsUnlinkedFragment = false
  var contentChildren: [String] = [] }

func templateInfo(_ tree: ParsedTree) -> TemplateInfo {
  var info = TemplateInfo()
  info.count = tree.templateContents.count
  guard let (template, content) = tree.templateContents.first else { return info }
  info.templateHasChildren = template.pointee.children != nil
  info.contentIsUnlinkedFragment = content.pointee.type == XML_DOCUMENT_FRAG_NODE && content.pointee.parent == nil
    && content.pointee.doc == tree.doc
  info.contentChildren = childKinds(content)
  return info
}

func childKinds(_ node: xmlNodePtr) -> [String] {
  var kinds: [String] = []
  var child = node.pointee.children
  while let c = child {
    kinds.append(c.pointee.type == XML_ELEMENT_NODE ? String(cString: c.pointee.name) : "#text")
    child = c.pointee.next
  }
  return kinds
}

func bodyChildKinds(_ doc: xmlDocPtr) -> [String] { childKinds(childElement(documentElement(doc), "body")!) }

struct FragmentInfo { var names: [String] = [], allUnlinkedAndInDocument = true }

func fragmentInfo(_ html: String, context: String, namespace: LibXML.Namespace) -> FragmentInfo {
  let doc = LibXML.newDocument()
  defer { xmlFreeDocAndTemplates(doc, []) }
  let result = HTMLTreeBuilder.parseFragment(html, context: context, namespace: namespace, into: doc)
  defer { freeFragment(result.nodes, templates: result.templateContents) }
  var info = FragmentInfo()
  for node in result.nodes {
    info.names.append(node.pointee.type == XML_ELEMENT_NODE ? String(cString: node.pointee.name) : "#text")
    if node.pointee.parent != nil || node.pointee.prev != nil || node.pointee.next != nil || node.pointee.doc != doc {
      info.allUnlinkedAndInDocument = false
    }
  }
  return info
}
