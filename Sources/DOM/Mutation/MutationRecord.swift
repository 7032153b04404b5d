/// One change a ``MutationObserver`` was told about.
///
/// https://dom.spec.whatwg.org/#interface-mutationrecord
public final class MutationRecord {
  /// The kind of change: `childList`, `attributes` or `characterData`.
  public enum Kind: String, Sendable {
    case childList, attributes, characterData
  }

  /// The kind of change.
  public let type: Kind
  /// The node whose children, attribute or data changed.
  public let target: Node
  /// The nodes inserted (childList records).
  public let addedNodes: [Node]
  /// The nodes removed (childList records).
  public let removedNodes: [Node]
  /// The sibling before the inserted or removed nodes.
  public let previousSibling: Node?
  /// The sibling after the inserted or removed nodes.
  public let nextSibling: Node?
  /// The local name of the changed attribute.
  public let attributeName: String?
  /// The namespace of the changed attribute.
  public let attributeNamespace: String?
  /// The attribute value or data before the change, when the observer asked for it.
  public let oldValue: String?

  init(
    type: Kind, target: Node, addedNodes: [Node] = [], removedNodes: [Node] = [], previousSibling: Node? = nil,
    nextSibling: Node? = nil, attributeName: String? = nil, attributeNamespace: String? = nil, oldValue: String? = nil
  ) {
    self.type = type
    self.target = target
    self.addedNodes = addedNodes
    self.removedNodes = removedNodes
    self.previousSibling = previousSibling
    self.nextSibling = nextSibling
    self.attributeName = attributeName
    self.attributeNamespace = attributeNamespace
    self.oldValue = oldValue
  }
}
