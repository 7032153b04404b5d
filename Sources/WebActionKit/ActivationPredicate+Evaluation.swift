/// What an extension is offered: the extension items, each with its attachments, each with the type identifiers it
/// is registered with (`NSItemProvider.registeredTypeIdentifiers`). A predicate rule reads it as `extensionItems`.
public struct ActivationInput: Sendable, Hashable {
  /// The extension items, in order, each as the list of its attachments.
  public var items: [[Attachment]]

  /// One attachment (an item provider), reduced to what a rule can test: its type identifiers.
  public struct Attachment: Sendable, Hashable {
    /// The type identifiers the attachment is registered with, for example `public.url`.
    public var registeredTypeIdentifiers: [String]
    /// An attachment registered with `registeredTypeIdentifiers`.
    public init(_ registeredTypeIdentifiers: [String]) { self.registeredTypeIdentifiers = registeredTypeIdentifiers }
  }

  /// An input of `items`, each the attachments of one extension item.
  public init(items: [[Attachment]]) { self.items = items }

  /// What Safari offers an Action or Share extension for the page on screen, and what a webaction page run offers:
  /// one item with one attachment, an item provider registered both as the JavaScript preprocessing results
  /// (`com.apple.property-list`) and as the page's URL (`public.url`). Apple's examples load both from the one
  /// provider (`hasItemConformingToTypeIdentifier(kUTTypePropertyList)`, else `kUTTypeURL`), and rules that
  /// require every attachment to be a URL (`SUBQUERY(... UTI-CONFORMS-TO "public.url").@count ==
  /// $e.attachments.@count`) accept a page, as Safari offers them one.
  public static let safariPage = ActivationInput(items: [[Attachment(ExtensionItem.safariPageTypeIdentifiers)]])

  /// One item holding `webPages` attachments of JavaScript preprocessing results only (`com.apple.property-list`)
  /// and `webURLs` attachments of URLs only (`public.url`): for checking a rule's counts. A page as Safari offers
  /// it is ``safariPage``.
  public init(webPages: Int, webURLs: Int) {
    let pages = Array(repeating: Attachment([UTType.propertyList.identifier]), count: webPages)
    let urls = Array(repeating: Attachment([UTType.url.identifier]), count: webURLs)
    items = pages.isEmpty && urls.isEmpty ? [] : [pages + urls]
  }
}

extension ActivationPredicate {
  /// Whether the rule accepts `input`.
  public func evaluate(_ input: ActivationInput) -> Bool {
    let items = Value.array(input.items.map { attachments in
      .object(["attachments": .array(attachments.map { attachment in
        .object(["registeredTypeIdentifiers": .array(attachment.registeredTypeIdentifiers.map(Value.string))])
      })])
    })
    return Self.evaluate(root, Scope(root: .object(["extensionItems": items]), variables: [:]))
  }

  /// A value a key path reaches: NSPredicate's key-value coding over the input, reduced to what the rules use.
  indirect enum Value: Hashable {
    case string(String)
    case number(Double)
    case array([Value])
    case object([String: Value])
    case null

    /// The value at `key`: an object's entry; an array maps the key over its elements (key-value coding on
    /// collections), but for `@count`.
    func value(forKey key: String) -> Value {
      switch (self, key) {
      case (.array(let elements), "@count"): return .number(Double(elements.count))
      case (.array(let elements), _): return .array(elements.map { $0.value(forKey: key) })
      case (.object(let entries), _): return entries[key] ?? .null
      default: return .null
      }
    }
  }

  struct Scope {
    let root: Value
    var variables: [String: Value]
  }

  static func evaluate(_ node: Node, _ scope: Scope) -> Bool {
    switch node {
    case .constant(let value): return value
    case .not(let inner): return !evaluate(inner, scope)
    case .and(let a, let b): return evaluate(a, scope) && evaluate(b, scope)
    case .or(let a, let b): return evaluate(a, scope) || evaluate(b, scope)
    case .comparison(let quantifier, let left, let op, let right):
      let lhs = value(left, scope), rhs = value(right, scope)
      switch quantifier {
      case .none:
        // A collection on the left of a type comparison is read as ANY (what Apple's examples mean).
        if case .array(let elements) = lhs, op == .conformsTo || op == .utiEquals {
          return elements.contains { compare($0, op, rhs) }
        }
        return compare(lhs, op, rhs)
      case .any, .all, .noneOf:
        guard case .array(let elements) = lhs else { return quantifier == .noneOf ? !compare(lhs, op, rhs) : compare(lhs, op, rhs) }
        switch quantifier {
        case .any: return elements.contains { compare($0, op, rhs) }
        case .all: return elements.allSatisfy { compare($0, op, rhs) }
        default: return !elements.contains { compare($0, op, rhs) }
        }
      }
    }
  }

  static func value(_ expression: Expression, _ scope: Scope) -> Value {
    switch expression {
    case .string(let s): return .string(s)
    case .number(let n): return .number(n)
    case .keyPath(let variable, let keys):
      var value = variable.map { scope.variables[$0] ?? .null } ?? scope.root
      for key in keys { value = value.value(forKey: key) }
      return value
    case .subquery(let collection, let variable, let predicate, let keys):
      guard case .array(let elements) = value(collection, scope) else { return .null }
      var value = Value.array(elements.filter { element in
        var inner = scope
        inner.variables[variable] = element
        return evaluate(predicate, inner)
      })
      for key in keys { value = value.value(forKey: key) }
      return value
    }
  }

  static func compare(_ lhs: Value, _ op: Operator, _ rhs: Value) -> Bool {
    switch (op, lhs, rhs) {
    case (.conformsTo, .string(let type), .string(let parent)): return UTType(type).conforms(to: UTType(parent))
    case (.utiEquals, .string(let a), .string(let b)): return a == b
    case (.equal, _, _): return lhs == rhs
    case (.notEqual, _, _): return lhs != rhs
    case (_, .number(let a), .number(let b)): return order(a, op, b)
    case (_, .string(let a), .string(let b)): return order(a, op, b)
    default: return false
    }
  }

  private static func order<T: Comparable>(_ a: T, _ op: Operator, _ b: T) -> Bool {
    switch op {
    case .less: return a < b
    case .lessOrEqual: return a <= b
    case .greater: return a > b
    case .greaterOrEqual: return a >= b
    default: return false
    }
  }
}
