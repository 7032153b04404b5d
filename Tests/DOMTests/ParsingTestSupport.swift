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
