import CLibXML2

/// The HTML fragment serialization algorithm over libxml2 trees.
///
/// https://html.spec.whatwg.org/#serialising-html-fragments
///
/// Decisions, each tested in SerializationTests:
/// - Attribute values escape `&`, U+00A0, `"`, `<` and `>` (the current standard, whatwg/html e21bd3b,
///   as Chrome and Firefox ship); text escapes `&`, U+00A0, `<`, `>`.
/// - `<noscript>` content is written literally when scripting is enabled for the document (`Document.scriptingEnabled`:
///   a page, where scripts run as in Safari and the parser keeps noscript content as text), and escaped when it is
///   not (inert documents from DOMParser or `createHTMLDocument`, and gumbo, which has no scripting flag, parse
///   noscript content as markup).
/// - A `<pre>`, `<textarea>` or `<listing>` whose first child is text starting with U+000A gets one extra
///   U+000A after its start tag, because the parser drops one newline right after those start tags.
///   (Browsers no longer emit it; without it the round trip would lose a newline.)
enum HTMLSerializer {
  /// The children of `node` (the template's content for a `<template>`): `innerHTML`.
  static func serializeChildren(
    of node: xmlNodePtr, scripting: Bool = true, interruption: Interruption? = nil, templateContents: (xmlNodePtr) -> xmlNodePtr?
  ) -> String {
    var writer = SerializerWriter(scripting: scripting, interruption: interruption)
    writer.writeChildren(of: node, templateContents: templateContents)
    return writer.finish()
  }

  /// `node` itself and its subtree: `outerHTML`.
  static func serialize(
    _ node: xmlNodePtr, scripting: Bool = true, interruption: Interruption? = nil, templateContents: (xmlNodePtr) -> xmlNodePtr?
  ) -> String {
    var writer = SerializerWriter(scripting: scripting, interruption: interruption)
    writer.write(node, templateContents: templateContents)
    return writer.finish()
  }

  /// The whole document: doctype, then every other child of the document.
  ///
  /// Unlike the fragment algorithm, the doctype keeps its public and system ids (as XMLSerializer writes
  /// them): they decide quirks mode, so a saved page must keep them to render the same.
  static func serializeDocument(
    _ doc: xmlDocPtr, scripting: Bool = true, templateContents: (xmlNodePtr) -> xmlNodePtr?
  ) -> String {
    String(decoding: serializeDocumentUTF8(doc, scripting: scripting, templateContents: templateContents), as: UTF8.self)
  }

  /// ``serializeDocument(_:scripting:templateContents:)`` as UTF-8 bytes.
  static func serializeDocumentUTF8(
    _ doc: xmlDocPtr, scripting: Bool = true, templateContents: (xmlNodePtr) -> xmlNodePtr?
  ) -> [UInt8] {
    var writer = SerializerWriter(fullDoctype: true, scripting: scripting)
    writer.writeChildren(of: LibXML.documentNode(doc), templateContents: templateContents)
    return writer.finishUTF8()
  }

  /// HTML elements that serialize as void: no children, no end tag.
  static let voidElements: Set<String> = [
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen",
    "link", "meta", "param", "source", "track", "wbr",
  ]

  /// HTML elements whose text children are written unescaped (noscript too, when scripting is enabled).
  static let rawTextElements: Set<String> = [
    "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext",
  ]

  /// HTML elements after whose start tag the parser drops one leading newline.
  static let newlineDroppingElements: Set<String> = ["pre", "textarea", "listing"]
}
