/// A document fragment: a parentless container whose children move when it is inserted.
public final class DocumentFragment: Node {
  public override var nodeName: String { "#document-fragment" }

  /// The template element whose contents this fragment is, if any.
  public var templateHost: Element? {
    guard let host = document.templateContents.first(where: { $0.value == raw })?.key else { return nil }
    return document.node(for: host) as? Element
  }
}
