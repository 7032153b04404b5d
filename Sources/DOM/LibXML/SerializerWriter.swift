import CLibXML2

extension LibXML {
  /// The document viewed as the node at the root of its tree.
  static func documentNode(_ doc: Doc) -> Node {
    UnsafeMutableRawPointer(doc).assumingMemoryBound(to: xmlNode.self)
  }
}

/// Writes the HTML serialization of libxml2 nodes into one byte buffer.
///
/// https://html.spec.whatwg.org/#serialising-html-fragments — the walk is iterative (deep trees do
/// not overflow the stack) and every string is appended as bytes, escaped in one pass.
struct SerializerWriter {
  private var out: [UInt8] = []

  /// One pending step of the walk: visit a node, or close an element.
  private enum Step { case visit(xmlNodePtr), close(xmlNodePtr) }

  /// Whether a doctype keeps its public and system ids (`serializeDocument`), or only its name (the fragment algorithm).
  private let fullDoctype: Bool
  /// Whether scripting is enabled for the document: then `<noscript>` content is raw text, as the parser made it.
  private let scripting: Bool
  /// Polled once per node: when it says stop, the output ends there (the caller discards it).
  private let interruption: Interruption?

  init(fullDoctype: Bool = false, scripting: Bool = true, interruption: Interruption? = nil) {
    self.fullDoctype = fullDoctype
    self.scripting = scripting
    self.interruption = interruption
    out.reserveCapacity(4096)
  }

  mutating func finish() -> String { String(decoding: out, as: UTF8.self) }
  /// The bytes written, UTF-8 (what ``finish()`` decodes, without checking and copying them again).
  mutating func finishUTF8() -> [UInt8] { out }

  /// Serializes the children of `node` (the template content of a template).
  mutating func writeChildren(of node: xmlNodePtr, templateContents: (xmlNodePtr) -> xmlNodePtr?) {
    var steps: [Step] = []
    pushChildren(of: node, on: &steps, templateContents)
    run(&steps, templateContents)
  }

  /// Serializes `node` itself.
  mutating func write(_ node: xmlNodePtr, templateContents: (xmlNodePtr) -> xmlNodePtr?) {
    var steps: [Step] = [.visit(node)]
    run(&steps, templateContents)
  }

  private func pushChildren(of node: xmlNodePtr, on steps: inout [Step],
                            _ templateContents: (xmlNodePtr) -> xmlNodePtr?) {
    let parent = isElement(node) ? (templateContents(node) ?? node) : node
    var child = parent.pointee.last
    while let c = child {
      steps.append(.visit(c))
      child = c.pointee.prev
    }
  }

  private func isElement(_ node: xmlNodePtr) -> Bool { node.pointee.type == XML_ELEMENT_NODE }

  private mutating func run(_ steps: inout [Step], _ templateContents: (xmlNodePtr) -> xmlNodePtr?) {
    while let step = steps.popLast() {
      if let interruption, interruption.poll() { return }
      switch step {
      case .close(let element):
        append("</")
        appendTagName(element)
        out.append(UInt8(ascii: ">"))
      case .visit(let node):
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
          // Step: "<" + tag name + attributes + ">".
          out.append(UInt8(ascii: "<"))
          appendTagName(node)
          var attr = node.pointee.properties
          while let a = attr {
            out.append(UInt8(ascii: " "))
            appendAttributeName(a)
            append("=\"")
            var value = a.pointee.children
            while let v = value {
              if let content = v.pointee.content { appendEscaped(content, attributeMode: true) }
              value = v.pointee.next
            }
            out.append(UInt8(ascii: "\""))
            attr = a.pointee.next
          }
          out.append(UInt8(ascii: ">"))
          let kind = node.pointee.ns == nil ? ElementKind.of(node.pointee.name) : nil
          if kind == .void { continue }
          if kind == .dropsLeadingNewline,
             let first = node.pointee.children, first.pointee.type == XML_TEXT_NODE,
             let content = first.pointee.content, content.pointee == 0x0A
          {
            out.append(0x0A)
          }
          steps.append(.close(node))
          pushChildren(of: node, on: &steps, templateContents)
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
          guard let content = node.pointee.content else { continue }
          if let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE, parent.pointee.ns == nil,
             let kind = ElementKind.of(parent.pointee.name), kind == .rawText || (kind == .noscript && scripting)
          {
            appendCString(content)
          } else {
            appendEscaped(content, attributeMode: false)
          }
        case XML_COMMENT_NODE:
          append("<!--")
          if let content = node.pointee.content { appendCString(content) }
          append("-->")
        case XML_PI_NODE:
          append("<?")
          if let n = node.pointee.name { appendCString(n) }
          out.append(UInt8(ascii: " "))
          if let content = node.pointee.content { appendCString(content) }
          out.append(UInt8(ascii: ">"))
        case XML_DTD_NODE:
          append("<!DOCTYPE ")
          if let n = node.pointee.name { appendCString(n) }
          if fullDoctype { appendDoctypeIds(node) }
          out.append(UInt8(ascii: ">"))
        case XML_DOCUMENT_FRAG_NODE, XML_HTML_DOCUMENT_NODE, XML_DOCUMENT_NODE:
          pushChildren(of: node, on: &steps, templateContents)
        default:
          continue
        }
      }
    }
  }

  /// ` PUBLIC "pub" "sys"`, ` SYSTEM "sys"` or nothing, as XMLSerializer writes a DocumentType.
  /// https://w3c.github.io/DOM-Parsing/#xml-serializing-a-documenttype-node (steps 4-9)
  private mutating func appendDoctypeIds(_ node: xmlNodePtr) {
    let dtd = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self)
    let publicId = dtd.pointee.ExternalID.flatMap { $0.pointee == 0 ? nil : $0 }
    let systemId = dtd.pointee.SystemID.flatMap { $0.pointee == 0 ? nil : $0 }
    func quoted(_ out: inout [UInt8], _ id: UnsafePointer<xmlChar>) {
      // An id holding a double quote was written in single quotes; keep whichever quote it lacks.
      let quote = xmlStrchr(id, UInt8(ascii: "\"")) == nil ? UInt8(ascii: "\"") : UInt8(ascii: "'")
      out.append(quote)
      out.append(contentsOf: UnsafeBufferPointer(start: id, count: Int(xmlStrlen(id))))
      out.append(quote)
    }
    if let publicId {
      append(" PUBLIC ")
      quoted(&out, publicId)
    } else if systemId != nil {
      append(" SYSTEM")
    }
    if let systemId {
      out.append(UInt8(ascii: " "))
      quoted(&out, systemId)
    }
  }


  /// HTML, SVG and MathML elements serialize their local name; others their qualified name.
  private mutating func appendTagName(_ node: xmlNodePtr) {
    if let ns = node.pointee.ns, let prefix = ns.pointee.prefix, !isHTMLSVGOrMathML(ns) {
      appendCString(prefix)
      out.append(UInt8(ascii: ":"))
    }
    appendCString(node.pointee.name)
  }

  private func isHTMLSVGOrMathML(_ ns: xmlNsPtr) -> Bool {
    guard let href = ns.pointee.href else { return false }
    let uri = String(cString: href)
    return uri == LibXML.Namespace.svg.rawValue || uri == LibXML.Namespace.mathml.rawValue
      || uri == LibXML.Namespace.html.rawValue
  }

  /// The attribute's serialized name: local name, `xml:`/`xlink:`/`xmlns:` + local name, `xmlns`, or its qualified name.
  private mutating func appendAttributeName(_ attr: xmlAttrPtr) {
    let local = attr.pointee.name!
    guard let ns = attr.pointee.ns else { appendCString(local); return }
    let uri = ns.pointee.href.map { String(cString: $0) } ?? ""
    switch uri {
    case LibXML.Namespace.xml.rawValue: append("xml:")
    case LibXML.Namespace.xlink.rawValue: append("xlink:")
    case LibXML.Namespace.xmlns.rawValue:
      if String(cString: local) == "xmlns" { append("xmlns"); return }
      append("xmlns:")
    default:
      if let prefix = ns.pointee.prefix {
        appendCString(prefix)
        out.append(UInt8(ascii: ":"))
      }
    }
    appendCString(local)
  }

  private mutating func append(_ ascii: StaticString) {
    out.append(contentsOf: UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount))
  }

  private mutating func appendCString(_ s: UnsafePointer<xmlChar>) {
    out.append(contentsOf: UnsafeBufferPointer(start: s, count: Int(xmlStrlen(s))))
  }

  /// https://html.spec.whatwg.org/#escapingString — `&`, U+00A0, then `"` (attribute mode), `<`, `>`.
  private mutating func appendEscaped(_ s: UnsafePointer<xmlChar>, attributeMode: Bool) {
    var p = s
    var runStart = s
    func flush(_ out: inout [UInt8], _ from: UnsafePointer<xmlChar>, _ to: UnsafePointer<xmlChar>) {
      if to > from { out.append(contentsOf: UnsafeBufferPointer(start: from, count: to - from)) }
    }
    while p.pointee != 0 {
      let byte = p.pointee
      let replacement: StaticString?
      var width = 1
      switch byte {
      case UInt8(ascii: "&"): replacement = "&amp;"
      case UInt8(ascii: "<"): replacement = "&lt;"
      case UInt8(ascii: ">"): replacement = "&gt;"
      case UInt8(ascii: "\""): replacement = attributeMode ? "&quot;" : nil
      case 0xC2 where p[1] == 0xA0: replacement = "&nbsp;"; width = 2
      case 0xC0 where p[1] == 0x80: replacement = "\0"; width = 2  // U+0000 as stored (LibXML+NUL.swift)
      default: replacement = nil
      }
      if let replacement {
        flush(&out, runStart, p)
        append(replacement)
        p += width
        runStart = p
      } else {
        p += 1
      }
    }
    flush(&out, runStart, p)
  }
}

/// How the serializer treats an HTML element, looked up without allocating (but for a name of nine bytes, as long as
/// `plaintext`).
private enum ElementKind {
  case void, rawText, noscript, dropsLeadingNewline

  /// The element names, built once from HTMLSerializer's sets.
  private static let table: TagTable<ElementKind> = {
    var table: [String: ElementKind] = [:]
    for name in HTMLSerializer.voidElements { table[name] = .void }
    for name in HTMLSerializer.rawTextElements { table[name] = .rawText }
    for name in HTMLSerializer.newlineDroppingElements { table[name] = .dropsLeadingNewline }
    table["noscript"] = .noscript
    return TagTable(table)
  }()

  static func of(_ name: UnsafePointer<xmlChar>) -> ElementKind? { table[cString: name] }
}
