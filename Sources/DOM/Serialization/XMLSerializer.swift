/// The `XMLSerializer` interface: a node and its subtree as XML.
///
/// https://w3c.github.io/DOM-Parsing/#the-xmlserializer-interface
public final class XMLSerializer {
  public init() {}

  /// The XML serialization of `node` (no well-formed check: anything serializes).
  ///
  /// https://w3c.github.io/DOM-Parsing/#dom-xmlserializer-serializetostring
  public func serializeToString(_ node: Node) throws -> String {
    try node.xmlSerialization(requireWellFormed: false)
  }
}
