#if Gumbo
import CGumbo
import CLibXML2

/// Rebuilds a gumbo parse tree as a libxml2 tree. The only file that reads gumbo's structs.
///
/// Element names: HTML elements take gumbo's normalized name for known tags, else the lowercased
/// source name; SVG names are case-adjusted (`gumbo_normalize_svg_tagname`). Attributes keep source
/// order; xlink/xml/xmlns attributes become namespaced props on the document's shared `xmlNs`.
/// Whitespace and CDATA nodes become text; adjacent text is merged, as the spec's "insert a character" does.
enum GumboConverter {
  static func parseDocument(_ html: String) -> ParsedTree {
    var source = html
    return source.withUTF8 { bytes -> ParsedTree in
      var options = kGumboDefaultOptions
      options.max_errors = 0  // nobody reads parse errors; recording them costs time and memory
      let output = parse(&options, bytes)
      defer { gumbo_destroy_output(&options, output) }
      let doc = LibXML.newDocument()
      var builder = Builder(doc: doc)
      let gdoc = output.pointee.document!
      let docNode = UnsafeMutableRawPointer(doc).assumingMemoryBound(to: xmlNode.self)
      builder.convertChildren(of: gdoc, into: docNode)
      let info = gdoc.pointee.v.document
      if info.has_doctype { addDoctype(info, to: doc) }
      // No doctype, or gumbo's quirks verdict (which includes the token's force-quirks flag), is quirks;
      // otherwise the current table decides (gumbo's is outdated and never says limited-quirks).
      let mode: QuirksMode
      if !info.has_doctype || info.doc_type_quirks_mode == GUMBO_DOCTYPE_QUIRKS {
        mode = .quirks
      } else {
        func string(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
        mode = QuirksMode.forDoctype(name: string(info.name), publicId: string(info.public_identifier),
                                     systemId: string(info.system_identifier))
      }
      return ParsedTree(doc: doc, templateContents: builder.templates, quirksMode: mode)
    }
  }

  static func parseFragment(_ html: String, context localName: String, namespace: LibXML.Namespace,
                            into doc: xmlDocPtr) -> (nodes: [xmlNodePtr], templateContents: [xmlNodePtr: xmlNodePtr])
  {
    var source = html
    return source.withUTF8 { bytes in
      var options = kGumboDefaultOptions
      options.max_errors = 0  // nobody reads parse errors; recording them costs time and memory
      options.fragment_context = gumbo_tag_enum(localName)
      switch namespace {
      case .svg: options.fragment_namespace = GUMBO_NAMESPACE_SVG
      case .mathml: options.fragment_namespace = GUMBO_NAMESPACE_MATHML
      default: options.fragment_namespace = GUMBO_NAMESPACE_HTML
      }
      let output = parse(&options, bytes)
      defer { gumbo_destroy_output(&options, output) }
      var builder = Builder(doc: doc)
      let holder = LibXML.newFragment(in: doc)
      builder.convertChildren(of: output.pointee.root, into: holder)
      var nodes: [xmlNodePtr] = []
      while let child = holder.pointee.children {
        LibXML.unlink(child)
        nodes.append(child)
      }
      LibXML.freeSubtree(holder)
      return (nodes, builder.templates)
    }
  }

  private static func parse(_ options: inout GumboOptions, _ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeMutablePointer<GumboOutput> {
    let empty: StaticString = ""
    let base = UnsafeRawPointer(bytes.baseAddress ?? empty.utf8Start).assumingMemoryBound(to: CChar.self)
    return gumbo_parse_with_options(&options, base, bytes.count)!
  }

  /// Links a doctype as the document's first child and its internal subset.
  private static func addDoctype(_ info: GumboDocument, to doc: xmlDocPtr) {
    func nonEmpty(_ s: UnsafePointer<CChar>?) -> UnsafePointer<xmlChar>? {
      guard let s, s.pointee != 0 else { return nil }
      return UnsafeRawPointer(s).assumingMemoryBound(to: xmlChar.self)
    }
    let name = info.name.map { UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self) }
    // xmlNewDtd records the node as the external subset; make it the internal one instead.
    let dtd = xmlNewDtd(doc, name ?? nil, nonEmpty(info.public_identifier), nonEmpty(info.system_identifier))!
    doc.pointee.extSubset = nil
    doc.pointee.intSubset = dtd
    let docNode = UnsafeMutableRawPointer(doc).assumingMemoryBound(to: xmlNode.self)
    let dtdNode = UnsafeMutableRawPointer(dtd).assumingMemoryBound(to: xmlNode.self)
    LibXML.link(dtdNode, into: docNode, before: docNode.pointee.children)
  }

  /// Walks gumbo nodes depth-first without recursion (pages can nest deeply) and builds libxml2 nodes.
  private struct Builder {
    let doc: xmlDocPtr
    var templates: [xmlNodePtr: xmlNodePtr] = [:]
    private var svgNs: xmlNsPtr?
    private var mathNs: xmlNsPtr?
    private var attrNs: [GumboAttributeNamespaceEnum.RawValue: xmlNsPtr] = [:]

    init(doc: xmlDocPtr) { self.doc = doc }

    mutating func convertChildren(of root: UnsafeMutablePointer<GumboNode>, into parent: xmlNodePtr) {
      var stack: [(UnsafeMutablePointer<GumboNode>, xmlNodePtr)] = []
      pushChildren(of: root, into: parent, on: &stack)
      while let (gnode, target) = stack.popLast() {
        switch gnode.pointee.type {
        case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
          let text = UnsafeRawPointer(gnode.pointee.v.text.text!).assumingMemoryBound(to: xmlChar.self)
          if let last = target.pointee.last, last.pointee.type == XML_TEXT_NODE {
            xmlNodeAddContent(last, text)
          } else {
            LibXML.link(xmlNewDocText(doc, text)!, into: target, before: nil)
          }
        case GUMBO_NODE_COMMENT:
          let text = UnsafeRawPointer(gnode.pointee.v.text.text!).assumingMemoryBound(to: xmlChar.self)
          LibXML.link(xmlNewDocComment(doc, text)!, into: target, before: nil)
        case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
          let element = makeElement(gnode)
          LibXML.link(element, into: target, before: nil)
          if gnode.pointee.type == GUMBO_NODE_TEMPLATE {
            let content = LibXML.newFragment(in: doc)
            templates[element] = content
            pushChildren(of: gnode, into: content, on: &stack)
          } else {
            pushChildren(of: gnode, into: element, on: &stack)
          }
        default:
          break
        }
      }
    }

    private func pushChildren(of gnode: UnsafeMutablePointer<GumboNode>, into parent: xmlNodePtr,
                              on stack: inout [(UnsafeMutablePointer<GumboNode>, xmlNodePtr)])
    {
      let children = gnode.pointee.type == GUMBO_NODE_DOCUMENT
        ? gnode.pointee.v.document.children : gnode.pointee.v.element.children
      var i = Int(children.length)
      while i > 0 {
        i -= 1
        let child = children.data[i]!.assumingMemoryBound(to: GumboNode.self)
        stack.append((child, parent))
      }
    }

    private mutating func makeElement(_ gnode: UnsafeMutablePointer<GumboNode>) -> xmlNodePtr {
      let info = gnode.pointee.v.element
      let node: xmlNodePtr
      switch info.tag_namespace {
      case GUMBO_NAMESPACE_SVG, GUMBO_NAMESPACE_MATHML:
        let isSVG = info.tag_namespace == GUMBO_NAMESPACE_SVG
        var name = Self.lowercasedName(info)
        if isSVG {
          let adjusted: String? = name.withCString { p in
            var piece = GumboStringPiece(data: p, length: name.utf8.count)
            return gumbo_normalize_svg_tagname(&piece).map { String(cString: $0) }
          }
          if let adjusted { name = adjusted }
        }
        node = xmlNewDocNode(doc, nil, name, nil)!
        node.pointee.ns = isSVG ? svgNamespace() : mathNamespace()
      default:
        if info.tag != GUMBO_TAG_UNKNOWN {
          let name = UnsafeRawPointer(gumbo_normalized_tagname(info.tag)!).assumingMemoryBound(to: xmlChar.self)
          node = xmlNewDocNode(doc, nil, name, nil)!
        } else {
          node = xmlNewDocNode(doc, nil, Self.lowercasedName(info), nil)!
        }
      }
      let attributes = info.attributes
      for i in 0..<Int(attributes.length) {
        let attr = attributes.data[i]!.assumingMemoryBound(to: GumboAttribute.self)
        let name = UnsafeRawPointer(attr.pointee.name!).assumingMemoryBound(to: xmlChar.self)
        let value = UnsafeRawPointer(attr.pointee.value!).assumingMemoryBound(to: xmlChar.self)
        switch attr.pointee.attr_namespace {
        case GUMBO_ATTR_NAMESPACE_XLINK: xmlNewNsProp(node, attributeNamespace(.xlink, attr.pointee.attr_namespace), name, value)
        case GUMBO_ATTR_NAMESPACE_XML: xmlNewNsProp(node, attributeNamespace(.xml, attr.pointee.attr_namespace), name, value)
        case GUMBO_ATTR_NAMESPACE_XMLNS: xmlNewNsProp(node, attributeNamespace(.xmlns, attr.pointee.attr_namespace), name, value)
        default: xmlNewProp(node, name, value)
        }
      }
      return node
    }

    /// The element's name as written in the source, lowercased (gumbo's normalized name when it has one).
    private static func lowercasedName(_ info: GumboElement) -> String {
      if info.tag != GUMBO_TAG_UNKNOWN { return String(cString: gumbo_normalized_tagname(info.tag)) }
      var piece = info.original_tag
      guard piece.data != nil, piece.length > 0 else { return "" }
      gumbo_tag_from_original_text(&piece)
      let bytes = UnsafeRawBufferPointer(start: piece.data, count: piece.length)
      return String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    private mutating func svgNamespace() -> xmlNsPtr {
      if let svgNs { return svgNs }
      let ns = LibXML.namespace(.svg, in: doc)
      svgNs = ns
      return ns
    }

    private mutating func mathNamespace() -> xmlNsPtr {
      if let mathNs { return mathNs }
      let ns = LibXML.namespace(.mathml, in: doc)
      mathNs = ns
      return ns
    }

    private mutating func attributeNamespace(_ namespace: LibXML.Namespace, _ key: GumboAttributeNamespaceEnum) -> xmlNsPtr {
      if let ns = attrNs[key.rawValue] { return ns }
      let ns = LibXML.namespace(namespace, in: doc)
      attrNs[key.rawValue] = ns
      return ns
    }
  }
}
#endif
