/// A doctype node: `<!DOCTYPE name PUBLIC "publicId" "systemId">`.
public final class DocumentType: Node {
  /// The doctype's name (`html`).
  public var name: String { LibXML.name(raw) }
  /// The public identifier, or "".
  public var publicId: String { LibXML.doctypeIds(raw).publicId }
  /// The system identifier, or "".
  public var systemId: String { LibXML.doctypeIds(raw).systemId }

  public override var nodeName: String { name }

  public override var textContent: String? {
    get { nil }
    set {}
  }
}
