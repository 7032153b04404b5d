import CLibXML2

/// Dumps libxml2 trees in the html5lib tree-construction test format, for conformance tests.
///
/// https://github.com/html5lib/html5lib-tests/blob/master/tree-construction/README.md — one line per node,
/// `| ` then two spaces per depth; attributes sorted by name on the following lines; `svg `/`math `
/// element prefixes; `xlink href`-style namespaced attribute names; `content` above template contents.
enum TreeDump {
  /// The dump of a document's children.
  static func dump(document doc: xmlDocPtr, templateContents: (xmlNodePtr) -> xmlNodePtr?) -> String {
    var lines: [String] = []
    var child = LibXML.documentNode(doc).pointee.children
    while let c = child {
      dump(c, depth: 0, into: &lines, templateContents)
      child = c.pointee.next
    }
    return lines.joined(separator: "\n")
  }

  /// The dump of a list of sibling nodes, such as a parsed fragment.
  static func dump(nodes: [xmlNodePtr], templateContents: (xmlNodePtr) -> xmlNodePtr?) -> String {
    var lines: [String] = []
    for node in nodes { dump(node, depth: 0, into: &lines, templateContents) }
    return lines.joined(separator: "\n")
  }

  private static func dump(_ node: xmlNodePtr, depth: Int, into lines: inout [String],
                           _ templateContents: (xmlNodePtr) -> xmlNodePtr?)
  {
    let indent = "| " + String(repeating: "  ", count: depth)
    switch node.pointee.type {
    case XML_ELEMENT_NODE:
      lines.append(indent + "<" + namespacePrefix(node.pointee.ns) + String(cString: node.pointee.name) + ">")
      var attributes: [(String, String)] = []
      var attr = node.pointee.properties
      while let a = attr {
        attributes.append((attributeName(a), attributeValue(a)))
        attr = a.pointee.next
      }
      // Sorted by UTF-16 code units, as the format requires.
      attributes.sort { Array($0.0.utf16).lexicographicallyPrecedes(Array($1.0.utf16)) }
      for (name, value) in attributes { lines.append(indent + "  " + name + "=\"" + value + "\"") }
      var childDepth = depth + 1
      var parent = node
      if let content = templateContents(node) {
        lines.append(indent + "  content")
        childDepth += 1
        parent = content
      }
      var child = parent.pointee.children
      while let c = child {
        dump(c, depth: childDepth, into: &lines, templateContents)
        child = c.pointee.next
      }
    case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
      lines.append(indent + "\"" + (node.pointee.content.map { String(cString: $0) } ?? "") + "\"")
    case XML_COMMENT_NODE:
      lines.append(indent + "<!-- " + (node.pointee.content.map { String(cString: $0) } ?? "") + " -->")
    case XML_PI_NODE:
      let target = node.pointee.name.map { String(cString: $0) } ?? ""
      lines.append(indent + "<?" + target + " " + (node.pointee.content.map { String(cString: $0) } ?? "") + ">")
    case XML_DTD_NODE:
      let dtd = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlDtd.self)
      let name = dtd.pointee.name.map { String(cString: $0) } ?? ""
      let publicId = dtd.pointee.ExternalID.map { String(cString: $0) } ?? ""
      let systemId = dtd.pointee.SystemID.map { String(cString: $0) } ?? ""
      if publicId.isEmpty && systemId.isEmpty {
        lines.append(indent + "<!DOCTYPE " + name + ">")
      } else {
        lines.append(indent + "<!DOCTYPE " + name + " \"" + publicId + "\" \"" + systemId + "\">")
      }
    default:
      lines.append(indent + "<?unknown node type \(node.pointee.type.rawValue)>")
    }
  }

  private static func namespacePrefix(_ ns: xmlNsPtr?) -> String {
    guard let ns, let href = ns.pointee.href else { return "" }
    switch String(cString: href) {
    case LibXML.Namespace.svg.rawValue: return "svg "
    case LibXML.Namespace.mathml.rawValue: return "math "
    case LibXML.Namespace.html.rawValue: return ""
    default: return ns.pointee.prefix.map { String(cString: $0) + " " } ?? ""
    }
  }

  private static func attributeName(_ attr: xmlAttrPtr) -> String {
    let local = String(cString: attr.pointee.name)
    guard let ns = attr.pointee.ns else { return local }
    switch ns.pointee.href.map({ String(cString: $0) }) ?? "" {
    case LibXML.Namespace.xlink.rawValue: return "xlink " + local
    case LibXML.Namespace.xml.rawValue: return "xml " + local
    case LibXML.Namespace.xmlns.rawValue: return "xmlns " + local
    default: return (ns.pointee.prefix.map { String(cString: $0) + " " } ?? "") + local
    }
  }

  /// The attribute's value: the concatenated content of its text children.
  static func attributeValue(_ attr: xmlAttrPtr) -> String {
    var value = ""
    var child = attr.pointee.children
    while let c = child {
      if let content = c.pointee.content { value += String(cString: content) }
      child = c.pointee.next
    }
    return value
  }
}
