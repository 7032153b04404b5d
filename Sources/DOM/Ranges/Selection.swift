/// A document's selection: at most one live range, with a direction.
///
/// https://w3c.github.io/selection-api/#selection-interface. A host may seed it with the text the user
/// selected (``init(document:hostText:)``): the first occurrence of that text in the body becomes the range,
/// and ``text`` reports the host's text until a script changes the selection, even when the page does not
/// contain it.
public final class Selection {
  /// Which way the user selected: the anchor is the range's start when forwards.
  public enum Direction { case forwards, backwards, directionless }

  /// The document the selection belongs to.
  public let document: Document
  private var storedRange: LiveRange?
  /// The direction of the selection.
  public private(set) var direction: Direction = .directionless
  /// The host's selected text, until a script changes the selection.
  private var hostText: String?
  /// True until the host's text has been looked up in the document (done on first use: the page may still be
  /// loading when the selection is made).
  private var needsSeeding: Bool

  /// A selection of `document`; `hostText` (when non-empty) is what the user selected.
  public init(document: Document, hostText: String? = nil) {
    self.document = document
    self.hostText = hostText.flatMap { $0.isEmpty ? nil : $0 }
    needsSeeding = self.hostText != nil
  }

  /// The selection's range, or nil.
  public var range: LiveRange? {
    if needsSeeding { seed() }
    return storedRange
  }

  /// Replaces the range (a script's change: the host's text no longer applies).
  private func select(_ range: LiveRange?, _ direction: Direction) {
    if needsSeeding { seed() }
    hostText = nil
    storedRange = range
    self.direction = range == nil ? .directionless : direction
  }

  /// Selects the first occurrence of the host's text in the body, or a caret at the body's start.
  private func seed() {
    needsSeeding = false
    guard let hostText, let scope = document.body ?? document.documentElement else { return }
    let range = LiveRange(document: document)
    range.set(scope, 0, scope, 0)
    if let (start, end) = Self.find(hostText, in: scope) { range.set(start.0, start.1, end.0, end.1) }
    storedRange = range
    direction = .forwards
  }

  /// The boundary points of the first occurrence of `needle` in the concatenated text of `scope`'s Text nodes.
  static func find(_ needle: String, in scope: Node) -> ((Node, Int), (Node, Int))? {
    let target = Array(needle.utf16)
    var units: [UInt16] = []
    var owners: [(text: Text, start: Int)] = []
    for case let text as Text in scope.descendants() {
      owners.append((text, units.count))
      units += text.data.utf16
    }
    guard !target.isEmpty, target.count <= units.count else { return nil }
    for first in 0...(units.count - target.count) where units[first] == target[0] {
      guard units[first..<first + target.count].elementsEqual(target) else { continue }
      func point(_ unit: Int, end: Bool) -> (Node, Int) {
        let owner = owners.last { end ? $0.start < unit : $0.start <= unit } ?? owners[0]
        return (owner.text, unit - owner.start)
      }
      return (point(first, end: false), point(first + target.count, end: true))
    }
    return nil
  }

  /// https://w3c.github.io/selection-api/#dom-selection-rangecount
  public var rangeCount: Int { range == nil ? 0 : 1 }

  /// https://w3c.github.io/selection-api/#dom-selection-anchornode
  public var anchor: (node: Node, offset: Int)? {
    guard let range else { return nil }
    return direction == .backwards ? (range.endContainer, range.endOffset) : (range.startContainer, range.startOffset)
  }

  /// https://w3c.github.io/selection-api/#dom-selection-focusnode
  public var focus: (node: Node, offset: Int)? {
    guard let range else { return nil }
    return direction == .backwards ? (range.startContainer, range.startOffset) : (range.endContainer, range.endOffset)
  }

  /// https://w3c.github.io/selection-api/#dom-selection-iscollapsed (false while the host's text stands).
  public var isCollapsed: Bool {
    guard let range else { return true }
    return hostText == nil && range.collapsed
  }

  /// "None", "Caret" or "Range".
  ///
  /// https://w3c.github.io/selection-api/#dom-selection-type
  public var type: String { range == nil ? "None" : isCollapsed ? "Caret" : "Range" }

  /// The selected text: the host's text while it stands, else the range's text.
  ///
  /// https://w3c.github.io/selection-api/#dom-selection-stringifier
  public var text: String {
    if needsSeeding { seed() }
    return hostText ?? storedRange?.text ?? ""
  }

  /// https://w3c.github.io/selection-api/#dom-selection-getrangeat
  public func range(at index: Int) throws -> LiveRange {
    guard index == 0, let range else {
      throw DOMException(.indexSizeError, "Selection.getRangeAt: index \(index) is past the \(rangeCount) range(s)")
    }
    return range
  }

  /// https://w3c.github.io/selection-api/#dom-selection-addrange
  public func addRange(_ range: LiveRange) {
    // Step 1.
    guard range.root === document else { return }
    // Step 2.
    guard self.range == nil else { return }
    // Step 3.
    select(range, .forwards)
  }

  /// https://w3c.github.io/selection-api/#dom-selection-removerange
  public func removeRange(_ range: LiveRange) throws {
    guard range === self.range else {
      throw DOMException(.notFoundError, "Selection.removeRange: the range is not in the selection")
    }
    select(nil, .directionless)
  }

  /// https://w3c.github.io/selection-api/#dom-selection-removeallranges
  public func removeAllRanges() { select(nil, .directionless) }

  /// Checks (node, offset) for collapse, extend and setBaseAndExtent.
  private func check(_ node: Node, _ offset: Int, _ method: String) throws {
    if node is DocumentType { throw DOMException(.invalidNodeTypeError, "Selection.\(method): the node is a doctype") }
    guard offset <= node.nodeLength else {
      throw DOMException(.indexSizeError, "Selection.\(method): offset \(offset) is past the node's length")
    }
  }

  /// https://w3c.github.io/selection-api/#dom-selection-collapse
  public func collapse(_ node: Node?, _ offset: Int) throws {
    // Step 1.
    guard let node else { return removeAllRanges() }
    // Steps 2-3.
    try check(node, offset, "collapse")
    // Step 4.
    guard node.getRootNode() === document else { return }
    // Steps 5-7.
    let range = LiveRange(document: document)
    range.set(node, offset, node, offset)
    select(range, .forwards)
  }

  /// https://w3c.github.io/selection-api/#dom-selection-collapsetostart (and collapseToEnd).
  public func collapse(toStart: Bool) throws {
    guard let range else {
      throw DOMException(.invalidStateError, "Selection.collapseTo\(toStart ? "Start" : "End"): nothing is selected")
    }
    let point = toStart ? (range.startContainer, range.startOffset) : (range.endContainer, range.endOffset)
    try collapse(point.0, point.1)
  }

  /// https://w3c.github.io/selection-api/#dom-selection-extend
  public func extend(_ node: Node, _ offset: Int) throws {
    // Step 1.
    guard node.getRootNode() === document else { return }
    // Step 2.
    guard let anchor else { throw DOMException(.invalidStateError, "Selection.extend: nothing is selected") }
    try check(node, offset, "extend")
    // Steps 3-8.
    try setBaseAndExtent(anchor.node, anchor.offset, node, offset)
  }

  /// https://w3c.github.io/selection-api/#dom-selection-setbaseandextent
  public func setBaseAndExtent(_ anchorNode: Node, _ anchorOffset: Int, _ focusNode: Node, _ focusOffset: Int) throws {
    // Step 1.
    try check(anchorNode, anchorOffset, "setBaseAndExtent")
    try check(focusNode, focusOffset, "setBaseAndExtent")
    // Step 2.
    guard anchorNode.getRootNode() === document, focusNode.getRootNode() === document else { return }
    // Steps 3-6.
    let range = LiveRange(document: document)
    let backwards = focusNode.boundaryOrder(focusOffset, relativeTo: anchorNode, anchorOffset) == .before
    if backwards {
      range.set(focusNode, focusOffset, anchorNode, anchorOffset)
    } else {
      range.set(anchorNode, anchorOffset, focusNode, focusOffset)
    }
    // Steps 7-8.
    select(range, backwards ? .backwards : .forwards)
  }

  /// https://w3c.github.io/selection-api/#dom-selection-selectallchildren
  public func selectAllChildren(_ node: Node) throws {
    // Step 1.
    if node is DocumentType {
      throw DOMException(.invalidNodeTypeError, "Selection.selectAllChildren: the node is a doctype")
    }
    // Step 2.
    guard node.getRootNode() === document else { return }
    // Steps 3-6.
    let range = LiveRange(document: document)
    range.set(node, 0, node, node.childCount)
    select(range, .forwards)
  }

  /// https://w3c.github.io/selection-api/#dom-selection-deletefromdocument
  public func deleteFromDocument() throws {
    guard let range else { return }
    hostText = nil
    try range.deleteContents()
  }

  /// https://w3c.github.io/selection-api/#dom-selection-containsnode
  public func containsNode(_ node: Node, allowPartialContainment: Bool = false) -> Bool {
    // Step 1.
    guard node.getRootNode() === document, let range else { return false }
    let length = node.nodeLength
    let startBefore = { (offset: Int) in
      range.startContainer.boundaryOrder(range.startOffset, relativeTo: node, offset) != .after
    }
    let endAfter = { (offset: Int) in range.endContainer.boundaryOrder(range.endOffset, relativeTo: node, offset) != .before }
    // Steps 2-3.
    return allowPartialContainment ? startBefore(length) && endAfter(0) : startBefore(0) && endAfter(length)
  }
}
