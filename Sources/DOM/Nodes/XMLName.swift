/// XML name checks used by element and attribute creation.
enum XMLName {
  /// https://www.w3.org/TR/xml/#NT-NameStartChar
  static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3A, 0x5F, 0x41...0x5A, 0x61...0x7A: return true
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
      0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
      0x10000...0xEFFFF:
      return true
    default: return false
    }
  }

  /// https://www.w3.org/TR/xml/#NT-NameChar
  static func isNameChar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
    default: return isNameStart(scalar)
    }
  }

  /// True when `name` matches the XML `Name` production.
  static func isName(_ name: String) -> Bool {
    var scalars = name.unicodeScalars.makeIterator()
    guard let first = scalars.next(), isNameStart(first) else { return false }
    while let scalar = scalars.next() {
      if !isNameChar(scalar) { return false }
    }
    return true
  }

  /// True when `name` is a `QName`: a Name with at most one colon, not at either end.
  static func isQualifiedName(_ name: String) -> Bool {
    guard isName(name) else { return false }
    // Split on scalars: a combining mark after ":" would make ":" part of one Character.
    let parts = name.unicodeScalars.split(separator: ":", omittingEmptySubsequences: false)
    return parts.count == 1 || (parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
      && isName(String(String.UnicodeScalarView(parts[1]))))
  }

  /// Validates a namespace and qualified name and splits the prefix off.
  ///
  /// https://dom.spec.whatwg.org/#validate-and-extract
  static func validateAndExtract(
    _ namespace: String?, _ qualifiedName: String
  ) throws -> (namespace: String?, prefix: String?, localName: String) {
    // Step 1.
    let namespace = namespace == "" ? nil : namespace
    // Step 2.
    guard isQualifiedName(qualifiedName) else {
      throw DOMException(.invalidCharacterError,
                         "\"\(qualifiedName)\" is not a valid qualified name (prefix:local, each an XML Name)")
    }
    // Steps 3-5.
    var prefix: String?
    var localName = qualifiedName
    let scalars = qualifiedName.unicodeScalars
    if let colon = scalars.firstIndex(of: ":") {
      prefix = String(scalars[..<colon])
      localName = String(scalars[scalars.index(after: colon)...])
    }
    let xml = LibXML.Namespace.xml.rawValue, xmlns = LibXML.Namespace.xmlns.rawValue
    // Step 6.
    if prefix != nil && namespace == nil {
      throw DOMException(.namespaceError, "\"\(qualifiedName)\" has a prefix but no namespace was given")
    }
    // Step 7.
    if prefix == "xml" && namespace != xml {
      throw DOMException(.namespaceError, "the prefix \"xml\" requires the namespace \(xml)")
    }
    // Step 8.
    if (qualifiedName == "xmlns" || prefix == "xmlns") && namespace != xmlns {
      throw DOMException(.namespaceError, "\"\(qualifiedName)\" requires the namespace \(xmlns)")
    }
    // Step 9.
    if namespace == xmlns && qualifiedName != "xmlns" && prefix != "xmlns" {
      throw DOMException(.namespaceError, "the namespace \(xmlns) requires the name xmlns or the prefix xmlns:")
    }
    // Step 10.
    return (namespace, prefix, localName)
  }
}
