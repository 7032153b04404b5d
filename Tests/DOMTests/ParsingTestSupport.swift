import CLibXML2

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
func fragmentInnerHTML(_ html: String, context: (localName: String, namespace: LibXML.Namespace)) -> String {
  let doc = LibXML.newDocument()
  defer { xmlFreeDocAndTemplates(doc, []) }
  let result = HTMLTreeBuilder.parseFragment(html, context: context.localName, namespace: context.namespace, into: doc)
  let element = LibXML.newElement(context.localName, namespace: context.namespace, in: doc)
  for node in result.nodes { LibXML.link(node, into: element, before: nil) }
  defer { freeFragment([element], templates: result.templateContents) }
  return HTMLSerializer.serializeChildren(of: element, templateContents: { result.templateContents[$0] })
}
