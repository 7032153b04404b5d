/// Text or comment: a node holding a string of character data.
///
/// Offsets and lengths are in UTF-16 code units, as in JavaScript.
public class CharacterData: Node {
  /// The node's data. Setting it replaces the whole data (observers see one replacement).
  public var data: String {
    get { LibXML.content(raw) }
    set { replaceAllData(with: newValue) }
  }

  /// Calls `body` with the data as NUL-terminated UTF-8, read in place from the tree without making a `String`
  /// (what a binding hands straight to a JS engine); nil, without calling `body`, when the data holds U+0000,
  /// which such a string cannot carry (read ``data`` then). The pointer is valid only during `body`.
  public func withDataUTF8<R>(_ body: (UnsafePointer<CChar>) -> R) -> R? {
    LibXML.withContentUTF8(raw, body)
  }

  /// https://dom.spec.whatwg.org/#concept-cd-replace with offset 0 and count the whole length.
  private func replaceAllData(with newValue: String) {
    let owner = document
    owner.contentDidChange()
    guard owner.isObserved else { return LibXML.setContent(raw, newValue) }
    let oldValue = LibXML.content(raw)
    LibXML.setContent(raw, newValue)
    owner.notifyObservers {
      $0.characterDataReplaced(
        self, offset: 0, removed: oldValue.utf16.count, inserted: newValue.utf16.count, oldValue: oldValue)
    }
  }

  /// The data's length in UTF-16 code units.
  public var length: Int { data.utf16.count }

  public override var nodeValue: String? {
    get { data }
    set { data = newValue ?? "" }
  }

  public override var textContent: String? {
    get { data }
    set { data = newValue ?? "" }
  }

  /// The `count` code units starting at `offset`.
  ///
  /// https://dom.spec.whatwg.org/#concept-cd-substring
  public func substringData(_ offset: Int, _ count: Int) throws -> String {
    let units = Array(data.utf16)
    // Steps 2-3.
    guard offset >= 0, offset <= units.count else {
      throw DOMException(.indexSizeError, "substringData: offset \(offset) is outside the data (length \(units.count))")
    }
    // Steps 4-5.
    let end = min(units.count, offset + max(0, count))
    return String(decoding: units[offset..<end], as: UTF16.self)
  }

  /// Appends `text` to the data (a replacement of nothing at the end: ranges inside the data stay put).
  ///
  /// https://dom.spec.whatwg.org/#dom-characterdata-appenddata
  public func appendData(_ text: String) {
    // A String holds no lone surrogate, so appending strings appends their code units (a round trip through an
    // array of UTF-16 code units made 8,000 appends of two characters take 3 s).
    let oldValue = data
    let offset = oldValue.utf16.count
    LibXML.setContent(raw, oldValue + text)
    document.contentDidChange()
    document.notifyObservers {
      $0.characterDataReplaced(self, offset: offset, removed: 0, inserted: text.utf16.count, oldValue: oldValue)
    }
  }

  /// Inserts `text` at `offset`.
  public func insertData(_ offset: Int, _ text: String) throws { try replaceData(offset, 0, text) }

  /// Deletes `count` code units at `offset`.
  public func deleteData(_ offset: Int, _ count: Int) throws { try replaceData(offset, count, "") }

  /// Replaces `count` code units at `offset` with `text`.
  ///
  /// https://dom.spec.whatwg.org/#concept-cd-replace
  public func replaceData(_ offset: Int, _ count: Int, _ text: String) throws {
    let oldValue = data
    var units = Array(oldValue.utf16)
    // Steps 1-2.
    guard offset >= 0, offset <= units.count else {
      throw DOMException(.indexSizeError, "replaceData: offset \(offset) is outside the data (length \(units.count))")
    }
    // Step 3.
    let end = min(units.count, offset + max(0, count))
    // Steps 5-7.
    let inserted = Array(text.utf16)
    units.replaceSubrange(offset..<end, with: inserted)
    LibXML.setContent(raw, String(decoding: units, as: UTF16.self))
    document.contentDidChange()
    // Steps 4 and 8-11: the mutation record and the live range updates.
    document.notifyObservers {
      $0.characterDataReplaced(self, offset: offset, removed: end - offset, inserted: inserted.count, oldValue: oldValue)
    }
  }
}

/// A Text node. Adjacent Text nodes are never merged behind your back.
public class Text: CharacterData {
  public override var nodeName: String { "#text" }

  /// Splits this node at `offset`, inserting the rest as a new Text node after it.
  ///
  /// https://dom.spec.whatwg.org/#concept-text-split
  @discardableResult
  public func splitText(_ offset: Int) throws -> Text {
    // Steps 1-3.
    let length = self.length
    guard offset >= 0, offset <= length else {
      throw DOMException(.indexSizeError, "splitText: offset \(offset) is outside the text (length \(length))")
    }
    // Steps 4-5.
    let newData = try substringData(offset, length - offset)
    let newNode = document.createTextNode(newData)
    // Step 7.
    if let parent = parentNode {
      // Step 7.1.
      parent.insert(newNode, before: nextSibling)
      // Steps 7.2-7.5.
      document.notifyObservers { $0.textWasSplit(self, at: offset, into: newNode) }
    }
    // Step 8.
    try replaceData(offset, length - offset, "")
    return newNode
  }

  /// The data of this node and its contiguous Text siblings.
  public var wholeText: String {
    var start: Node = self
    while let previous = start.previousSibling as? Text { start = previous }
    var text = ""
    var cursor: Node? = start
    while let node = cursor as? Text {
      text += node.data
      cursor = node.nextSibling
    }
    return text
  }
}

/// A Comment node.
public final class Comment: CharacterData {
  public override var nodeName: String { "#comment" }
}
