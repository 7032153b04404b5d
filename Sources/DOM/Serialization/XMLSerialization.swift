import CLibXML2

/// The XML serialization algorithm of DOM Parsing, over libxml2 trees.
///
/// https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization
/// Where the standard leaves Chromium and Safari's behaviour unsaid, theirs is followed: a CDATA section is written
/// as `<![CDATA[…]]>`, a parsed document's XML declaration is written back, and tab, LF and CR in attribute values
/// are written as character references (so they survive the round trip).
struct XMLSerialization {
  /// Namespace (nil = no namespace) → its prefixes, in the order they were added.
  /// https://w3c.github.io/DOM-Parsing/#dfn-namespace-prefix-map
  private typealias PrefixMap = [String?: [String]]

  private let requireWellFormed: Bool
  private let templateContents: (xmlNodePtr) -> xmlNodePtr?
  private let declaration: (xmlNodePtr) -> XMLDeclaration?
  /// https://w3c.github.io/DOM-Parsing/#dfn-generated-namespace-prefix-index (shared by the whole serialization).
  private var prefixIndex = 1
  private var out = ""

  /// One pending step: visit a node in its context, or write text (an end tag).
  private enum Step {
    case visit(xmlNodePtr, namespace: String?, map: PrefixMap)
    case write(String)
  }

  private static let xmlNS = LibXML.Namespace.xml.rawValue
  private static let xmlnsNS = LibXML.Namespace.xmlns.rawValue
  private static let htmlNS = LibXML.Namespace.html.rawValue

  /// https://w3c.github.io/DOM-Parsing/#dfn-concept-serialize-xml — `node` itself and its subtree; with
  /// `childrenOnly`, only its children (the template's contents for a `<template>`), each from a fresh context.
  /// Throws InvalidStateError when `requireWellFormed` and the tree cannot be written as well-formed XML.
  static func serialize(
    _ node: xmlNodePtr, childrenOnly: Bool = false, requireWellFormed: Bool,
    templateContents: @escaping (xmlNodePtr) -> xmlNodePtr?, declaration: @escaping (xmlNodePtr) -> XMLDeclaration? = { _ in nil }
  ) throws -> String {
    var serializer = XMLSerialization(requireWellFormed: requireWellFormed, templateContents: templateContents, declaration: declaration)
    // Steps 1-3.
    let map: PrefixMap = [xmlNS: ["xml"]]
    var steps: [Step] = []
    if childrenOnly {
      let parent = LibXML.kind(node) == .element ? (templateContents(node) ?? node) : node
      var child = LibXML.lastChild(parent)
      while let c = child {
        steps.append(.visit(c, namespace: nil, map: map))
        child = LibXML.previous(c)
      }
    } else {
      steps.append(.visit(node, namespace: nil, map: map))
    }
    // Step 4.
    try serializer.run(&steps)
    return serializer.out
  }

  private init(requireWellFormed: Bool, templateContents: @escaping (xmlNodePtr) -> xmlNodePtr?,
               declaration: @escaping (xmlNodePtr) -> XMLDeclaration?) {
    self.requireWellFormed = requireWellFormed
    self.templateContents = templateContents
    self.declaration = declaration
  }

  private func fail(_ what: String) -> DOMException {
    DOMException(.invalidStateError, "The node cannot be serialized as well-formed XML: \(what)")
  }

  private mutating func run(_ steps: inout [Step]) throws {
    while let step = steps.popLast() {
      switch step {
      case .write(let text): out += text
      case .visit(let node, let namespace, let map):
        try visit(node, namespace, map, &steps)
      }
    }
  }

  /// https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization-algorithm
  private mutating func visit(_ node: xmlNodePtr, _ namespace: String?, _ map: PrefixMap, _ steps: inout [Step]) throws {
    switch LibXML.kind(node) {
    case .element:
      try element(node, namespace, map, &steps)
    case .document:
      // https://w3c.github.io/DOM-Parsing/#xml-serializing-a-document-node
      if requireWellFormed && !hasElementChild(node) { throw fail("the document has no document element") }
      if let declaration = declaration(node) { out += declaration.markup }
      pushChildren(of: node, namespace, map, &steps)
    case .fragment:
      pushChildren(of: node, namespace, map, &steps)
    case .comment:
      // https://w3c.github.io/DOM-Parsing/#xml-serializing-a-comment-node
      let data = LibXML.content(node)
      if requireWellFormed && (!Self.isXMLText(data) || data.contains("--") || data.hasSuffix("-")) {
        throw fail("a comment holds \"--\", ends with \"-\" or holds a character XML does not allow")
      }
      out += "<!--" + data + "-->"
    case .text:
      let data = LibXML.content(node)
      if requireWellFormed && !Self.isXMLText(data) { throw fail("a text node holds a character XML does not allow") }
      if LibXML.isCDATASection(node) {
        out += "<![CDATA[" + data + "]]>"
      } else {
        // https://w3c.github.io/DOM-Parsing/#xml-serializing-a-text-node
        out += Self.escape(data, attribute: false)
      }
    case .doctype:
      // https://w3c.github.io/DOM-Parsing/#xml-serializing-a-documenttype-node
      let (publicId, systemId) = LibXML.doctypeIds(node)
      if requireWellFormed && !publicId.unicodeScalars.allSatisfy(Self.isPubidChar) {
        throw fail("the doctype's public id holds a character PubidChar does not allow")
      }
      if requireWellFormed && systemId.contains("\"") && systemId.contains("'") {
        throw fail("the doctype's system id holds both kinds of quote")
      }
      out += "<!DOCTYPE " + LibXML.name(node)
      if !publicId.isEmpty { out += " PUBLIC \"" + publicId + "\"" }
      if !systemId.isEmpty && publicId.isEmpty { out += " SYSTEM" }
      if !systemId.isEmpty { out += " \"" + systemId + "\"" }
      out += ">"
    case .processingInstruction:
      // https://w3c.github.io/DOM-Parsing/#xml-serializing-a-processinginstruction-node
      let target = LibXML.name(node), data = LibXML.content(node)
      if requireWellFormed && (target.contains(":") || target.asciiLowercased == "xml") {
        throw fail("the processing instruction target \"\(target)\" has a colon or is \"xml\"")
      }
      if requireWellFormed && (!Self.isXMLText(data) || data.contains("?>")) {
        throw fail("a processing instruction's data holds \"?>\" or a character XML does not allow")
      }
      out += "<?" + target + " " + data + "?>"
    case .attribute, .other:
      // An Attr serializes as nothing (https://github.com/w3c/DOM-Parsing/issues/60, as browsers do).
      break
    }
  }

  private func hasElementChild(_ node: xmlNodePtr) -> Bool {
    var child = LibXML.firstChild(node)
    while let c = child {
      if LibXML.kind(c) == .element { return true }
      child = LibXML.next(c)
    }
    return false
  }

  private func pushChildren(of node: xmlNodePtr, _ namespace: String?, _ map: PrefixMap, _ steps: inout [Step]) {
    var child = LibXML.lastChild(node)
    while let c = child {
      steps.append(.visit(c, namespace: namespace, map: map))
      child = LibXML.previous(c)
    }
  }

  /// https://w3c.github.io/DOM-Parsing/#xml-serializing-an-element-node
  private mutating func element(
    _ node: xmlNodePtr, _ contextNamespace: String?, _ contextMap: PrefixMap, _ steps: inout [Step]
  ) throws {
    let localName = LibXML.name(node)
    // Step 1.
    if requireWellFormed && (localName.contains(":") || !XMLName.isName(localName)) {
      throw fail("the element name \"\(localName)\" is not a valid XML name")
    }
    // Steps 2-7.
    var markup = "<"
    var qualifiedName = ""
    var ignoreNamespaceDefinitionAttribute = false
    var map = contextMap
    var localPrefixes: [String: String] = [:]
    let attributes = LibXML.attributes(node)
    // Step 8.
    let localDefaultNamespace = Self.recordNamespaceInformation(attributes, &map, &localPrefixes)
    // Steps 9-10.
    var inheritedNamespace = contextNamespace
    let namespace = Self.elementNamespace(node)
    if inheritedNamespace == namespace {
      // Step 11.
      if localDefaultNamespace != nil { ignoreNamespaceDefinitionAttribute = true }
      qualifiedName = namespace == Self.xmlNS ? "xml:" + localName : localName
      markup += qualifiedName
    } else {
      // Step 12.
      var prefix = LibXML.namespacePrefix(node)
      var candidatePrefix = Self.preferredPrefix(prefix, map, namespace)
      if prefix == "xmlns" {
        if requireWellFormed { throw fail("an element has the prefix \"xmlns\"") }
        candidatePrefix = prefix
      }
      if let candidatePrefix {
        qualifiedName = candidatePrefix + ":" + localName
        if let localDefaultNamespace, localDefaultNamespace != Self.xmlNS {
          inheritedNamespace = localDefaultNamespace.isEmpty ? nil : localDefaultNamespace
        }
        markup += qualifiedName
      } else if var chosen = prefix {
        if localPrefixes[chosen] != nil { chosen = generatePrefix(&map, namespace) } else { map[namespace, default: []].append(chosen) }
        prefix = chosen
        qualifiedName = chosen + ":" + localName
        markup += qualifiedName
        markup += " xmlns:" + chosen + "=\"" + (try attributeValue(namespace)) + "\""
        if let localDefaultNamespace {
          inheritedNamespace = localDefaultNamespace.isEmpty ? nil : localDefaultNamespace
        }
      } else if localDefaultNamespace == nil,
        attributes.contains(where: { $0.namespaceURI == nil && $0.prefix == nil && $0.localName == "xmlns" })
      {
        // An attribute in no namespace named `xmlns` (what the HTML parser makes of `<html xmlns="…">`) is written
        // as it is, and no second declaration beside it, as WebKit's and Chromium's serializers do (the standard
        // would write both, which is not well-formed XML).
        qualifiedName = localName
        inheritedNamespace = namespace
        markup += qualifiedName
      } else if localDefaultNamespace == nil || localDefaultNamespace != (namespace ?? "") {
        ignoreNamespaceDefinitionAttribute = true
        qualifiedName = localName
        inheritedNamespace = namespace
        markup += qualifiedName + " xmlns=\"" + (try attributeValue(namespace)) + "\""
      } else {
        qualifiedName = localName
        inheritedNamespace = namespace
        markup += qualifiedName
      }
    }
    // Step 13.
    markup += try serializeAttributes(attributes, &map, localPrefixes, ignoreNamespaceDefinitionAttribute)
    // Steps 14-17.
    if LibXML.firstChild(node) == nil {
      if namespace == Self.htmlNS && HTMLSerializer.voidElements.contains(localName) {
        out += markup + " />"
        return
      }
      if namespace != Self.htmlNS {
        out += markup + "/>"
        return
      }
    }
    let childParent = namespace == Self.htmlNS && localName == "template" ? (templateContents(node) ?? node) : node
    out += markup + ">"
    // Steps 18-20.
    steps.append(.write("</" + qualifiedName + ">"))
    pushChildren(of: childParent, inheritedNamespace, map, &steps)
  }

  /// The element's namespace: nil for no namespace (the DOM stores HTML elements with none, see `LibXML.Namespace`).
  private static func elementNamespace(_ node: xmlNodePtr) -> String? {
    guard let uri = LibXML.namespaceURI(node) else { return htmlNS }
    return uri.isEmpty ? nil : uri
  }

  /// https://w3c.github.io/DOM-Parsing/#recording-the-namespace-information
  private static func recordNamespaceInformation(
    _ attributes: [LibXML.RawAttribute], _ map: inout PrefixMap, _ localPrefixes: inout [String: String]
  ) -> String? {
    // Step 1.
    var defaultNamespace: String?
    // Step 2.
    for attr in attributes where attr.namespaceURI == xmlnsNS {
      if attr.prefix == nil {
        // Step 2.3.1.
        defaultNamespace = attr.value
        continue
      }
      // Steps 2.3.2.1-2.3.2.4.
      let prefixDefinition = attr.localName
      guard attr.value != xmlNS else { continue }
      let namespaceDefinition: String? = attr.value.isEmpty ? nil : attr.value
      // Step 2.3.2.5.
      if map[namespaceDefinition]?.contains(prefixDefinition) == true { continue }
      // Steps 2.3.2.6-2.3.2.7.
      map[namespaceDefinition, default: []].append(prefixDefinition)
      localPrefixes[prefixDefinition] = namespaceDefinition ?? ""
    }
    // Step 3.
    return defaultNamespace
  }

  /// https://w3c.github.io/DOM-Parsing/#dfn-retrieving-a-preferred-prefix-string
  private static func preferredPrefix(_ preferred: String?, _ map: PrefixMap, _ namespace: String?) -> String? {
    guard let candidates = map[namespace], !candidates.isEmpty else { return nil }
    if let preferred, candidates.contains(preferred) { return preferred }
    return candidates.last
  }

  /// https://w3c.github.io/DOM-Parsing/#dfn-generating-a-prefix
  private mutating func generatePrefix(_ map: inout PrefixMap, _ namespace: String?) -> String {
    let prefix = "ns\(prefixIndex)"
    prefixIndex += 1
    map[namespace, default: []].append(prefix)
    return prefix
  }

  /// https://w3c.github.io/DOM-Parsing/#dfn-xml-serialization-of-the-attributes
  private mutating func serializeAttributes(
    _ attributes: [LibXML.RawAttribute], _ map: inout PrefixMap, _ localPrefixes: [String: String],
    _ ignoreNamespaceDefinitionAttribute: Bool
  ) throws -> String {
    // Steps 1-2.
    var result = ""
    var seen: Set<[String?]> = []
    // Step 3.
    for attr in attributes {
      // Steps 3.1-3.2.
      if requireWellFormed && !seen.insert([attr.namespaceURI, attr.localName]).inserted {
        throw fail("two attributes named \"\(attr.localName)\" share a namespace")
      }
      // Steps 3.3-3.5.
      let attributeNamespace = attr.namespaceURI
      var candidatePrefix: String?
      if let attributeNamespace {
        candidatePrefix = Self.preferredPrefix(attr.prefix, map, attributeNamespace)
        if attributeNamespace == Self.xmlnsNS {
          // Step 3.5.2.1.
          if attr.value == Self.xmlNS { continue }
          if attr.prefix == nil && ignoreNamespaceDefinitionAttribute { continue }
          if attr.prefix != nil, localPrefixes[attr.localName] != attr.value,
             map[attr.value.isEmpty ? nil : attr.value]?.contains(attr.localName) == true
          {
            continue
          }
          // Steps 3.5.2.2-3.5.2.3.
          if requireWellFormed && attr.value == Self.xmlnsNS { throw fail("a prefix is bound to the XMLNS namespace") }
          if requireWellFormed && attr.prefix != nil && attr.value.isEmpty {
            throw fail("the prefix \"\(attr.localName)\" is declared with an empty namespace")
          }
          // Step 3.5.2.4.
          if attr.prefix == "xmlns" { candidatePrefix = "xmlns" }
        } else if candidatePrefix == nil {
          // Step 3.5.3, as Chromium and Safari do it: the attribute keeps its own prefix when that prefix is bound
          // nowhere in scope (the standard always generates one).
          let chosen: String
          if let own = attr.prefix, localPrefixes[own] == nil, !map.values.contains(where: { $0.contains(own) }) {
            chosen = own
            map[attributeNamespace, default: []].append(own)
          } else {
            chosen = generatePrefix(&map, attributeNamespace)
          }
          candidatePrefix = chosen
          result += " xmlns:" + chosen + "=\"" + (try attributeValue(attributeNamespace)) + "\""
        }
      }
      // Steps 3.6-3.7.
      result += " "
      if let candidatePrefix { result += candidatePrefix + ":" }
      // Step 3.8.
      if requireWellFormed
        && (attr.localName.contains(":") || !XMLName.isName(attr.localName)
            || (attr.localName == "xmlns" && attributeNamespace == nil))
      {
        throw fail("the attribute name \"\(attr.localName)\" is not a valid XML name")
      }
      // Step 3.9.
      result += attr.localName + "=\"" + (try attributeValue(attr.value)) + "\""
    }
    // Step 4.
    return result
  }

  /// https://w3c.github.io/DOM-Parsing/#dfn-serializing-an-attribute-value
  private func attributeValue(_ value: String?) throws -> String {
    guard let value else { return "" }
    if requireWellFormed && !Self.isXMLText(value) { throw fail("an attribute value holds a character XML does not allow") }
    return Self.escape(value, attribute: true)
  }

  /// `&`, `<`, `>` escaped; in attribute mode also `"`, tab, LF and CR.
  private static func escape(_ text: String, attribute: Bool) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (attribute && ($0 == 0x22 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D)) }) else {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where attribute: result += "&quot;"
      case "\t" where attribute: result += "&#9;"
      case "\n" where attribute: result += "&#10;"
      case "\r" where attribute: result += "&#13;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// True when every character matches the XML `Char` production.
  private static func isXMLText(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
      default: return false
      }
    }
  }

  /// https://www.w3.org/TR/xml/#NT-PubidChar
  private static func isPubidChar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case " ", "\r", "\n", "a"..."z", "A"..."Z", "0"..."9": return true
    default: return "-'()+,./:=?;!*#@$_%".unicodeScalars.contains(scalar)
    }
  }
}
