/// A processing instruction: `<?target data?>`.
///
/// https://dom.spec.whatwg.org/#interface-processinginstruction
public final class ProcessingInstruction: CharacterData {
  /// The target (the name after `<?`).
  public var target: String { LibXML.name(raw) }

  public override var nodeName: String { target }
}

/// A CDATA section: a Text node written as `<![CDATA[data]]>` in XML.
///
/// https://dom.spec.whatwg.org/#interface-cdatasection
public final class CDATASection: Text {
  public override var nodeName: String { "#cdata-section" }
}

extension Document {
  /// A new processing instruction.
  ///
  /// https://dom.spec.whatwg.org/#dom-document-createprocessinginstruction
  public func createProcessingInstruction(_ target: String, _ data: String) throws -> ProcessingInstruction {
    // Step 1.
    guard XMLName.isName(target) else {
      throw DOMException(.invalidCharacterError, "createProcessingInstruction: \"\(target)\" is not a valid target name")
    }
    // Step 2.
    if data.contains("?>") {
      throw DOMException(.invalidCharacterError, "createProcessingInstruction: the data must not contain \"?>\"")
    }
    // Step 3.
    return own(LibXML.newProcessingInstruction(target: target, data: data, in: rawDoc)) as! ProcessingInstruction
  }

  /// A new CDATA section; NotSupportedError in an HTML document.
  ///
  /// https://dom.spec.whatwg.org/#dom-document-createcdatasection
  public func createCDATASection(_ data: String) throws -> CDATASection {
    // Step 1.
    if isHTMLDocument {
      throw DOMException(.notSupportedError, "createCDATASection: HTML documents have no CDATA sections; use createTextNode")
    }
    // Step 2.
    if data.contains("]]>") {
      throw DOMException(.invalidCharacterError, "createCDATASection: the data must not contain \"]]>\"")
    }
    // Step 3.
    return own(LibXML.newCDATASection(data, in: rawDoc)) as! CDATASection
  }
}
