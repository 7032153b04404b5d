/// The type-erased description of one exposed interface (`Node`, `Element`...): the data a context turns
/// into a prototype object, a constructor on the global object, and instance behaviour.
///
/// Built once (usually as a `static let`) through ``Interface``; installed per context on first use.
public final class AnyInterface: Sendable {
  /// The interface name, as seen by scripts (`Element`).
  public let name: String
  /// The interface it inherits from; the prototype chain follows it.
  public let parent: AnyInterface?
  let members: [InterfaceMember]
  let indexed: IndexedProperties?
  let named: NamedProperties?
  let construct: (@Sendable (Arguments) throws -> AnyObject)?
  let constructorLength: Int
  /// True when a Swift object may be wrapped with this interface.
  let accepts: @Sendable (AnyObject) -> Bool
  /// The identity the table's members check their receiver against.
  let brand: InterfaceBrand
  /// The brands of this interface and its ancestors, most derived first.
  private let brands: [ObjectIdentifier]
  /// True when instances' wrappers may be collected (``InterfaceBuilder/wrappersAreCollectable()``, here or in an ancestor).
  let isCollectable: Bool
  /// True when instances are handed out as a `Proxy` with WebIDL's legacy platform object behaviour
  /// (``InterfaceBuilder/legacyPlatformObject()``, here or in an ancestor).
  let isLegacyPlatformObject: Bool

  init(
    name: String, parent: AnyInterface?, members: [InterfaceMember], indexed: IndexedProperties?,
    named: NamedProperties?, construct: (@Sendable (Arguments) throws -> AnyObject)?, constructorLength: Int, accepts: @escaping @Sendable (AnyObject) -> Bool, brand: InterfaceBrand,
    collectable: Bool = false, legacyPlatformObject: Bool = false
  ) {
    self.brand = brand
    self.brands = [ObjectIdentifier(brand)] + (parent?.brands ?? [])
    self.isCollectable = collectable || (parent?.isCollectable ?? false)
    self.isLegacyPlatformObject = legacyPlatformObject || (parent?.isLegacyPlatformObject ?? false)
    precondition(!(isCollectable && isLegacyPlatformObject), "\(name): a legacy platform object's wrapper cannot be collectable")
    self.name = name
    self.parent = parent
    self.members = members
    self.indexed = indexed
    self.named = named
    self.construct = construct
    self.constructorLength = constructorLength
    self.accepts = accepts
    self.effectiveIndexed = indexed ?? parent?.effectiveIndexed
    self.effectiveNamed = named ?? parent?.effectiveNamed
    self.isExotic = !isLegacyPlatformObject && (effectiveIndexed != nil || effectiveNamed != nil)
  }

  /// True when instances need property callbacks (indexed or named properties here or in an ancestor, served by
  /// JSC's class callbacks rather than a legacy platform object's `Proxy`).
  /// (Stored, as the two below: each wrapper made asks them.)
  let isExotic: Bool

  /// The nearest indexed-property handler in the inheritance chain.
  let effectiveIndexed: IndexedProperties?
  /// The nearest named-property handler in the inheritance chain.
  let effectiveNamed: NamedProperties?

  /// True when this interface or an ancestor was built with `brand` (a pointer compare per level, on every native
  /// call: no reference counting).
  @inline(__always)
  func carries(_ brand: InterfaceBrand) -> Bool {
    let wanted = ObjectIdentifier(brand)
    return brands.contains { $0 == wanted }
  }

  /// True when `self` is `other` or inherits from it.
  public func inherits(from other: AnyInterface) -> Bool {
    var current: AnyInterface? = self
    while let c = current {
      if c === other { return true }
      current = c.parent
    }
    return false
  }
}

/// A native call: receives the arguments (with `this`) and returns the JS result.
typealias NativeBody = @Sendable (Arguments) throws -> ScriptValue

/// One prototype member of an interface.
enum InterfaceMember: Sendable {
  case accessor(name: String, get: NativeBody, set: NativeBody?)
  case method(name: String, length: Int, body: NativeBody)
  /// Attributes sharing one native getter (and setter, unless read-only), which receive the attribute's name
  /// first (event handlers: `onclick`, `onload`...); the per-name accessors are small JS closures.
  case accessorFamily(names: [String], get: NativeBody, set: NativeBody?)
  /// A `[LegacyUnforgeable]` read-only attribute: an own, non-configurable accessor of every instance
  /// (`Event.isTrusted`), with one getter function per context.
  case unforgeable(name: String, get: NativeBody)
  /// A `static` operation: a function on the interface object (`AbortSignal.abort`).
  case staticMethod(name: String, length: Int, body: NativeBody)
  case constant(name: String, value: ConstantValue)
  /// Names hidden from `with` scopes (WebIDL `[Unscopable]`), collected into `prototype[Symbol.unscopables]`.
  case unscopables(names: [String])
  /// A WebIDL pair iterator (`iterable<K, V>`): `length` answers the live count, `entry` the `[key, value]` pair
  /// at an index; `entries`, `keys`, `values`, `forEach` and `@@iterator` are built on them.
  case pairIterable(length: NativeBody, entry: NativeBody)
  /// A WebIDL value iterator (`iterable<V>` beside an indexed getter): `entries`, `keys`, `values` and `forEach`
  /// are Array's (https://webidl.spec.whatwg.org/#es-iterable).
  case valueIterable
}

/// The value of an interface constant.
enum ConstantValue: Sendable {
  case number(Double)
  case string(String)
}

/// `list[i]` and `list.length` behaviour for an interface with an indexed getter.
struct IndexedProperties: Sendable {
  let length: @Sendable (AnyObject) -> Int
  /// The value at an index, or nil when the index is not a supported property index.
  let item: @Sendable (AnyObject, Int, ScriptContext) throws -> ScriptValue?
  /// The items of an instance whose items never change (a static NodeList), nil for a live one; see
  /// ``InterfaceBuilder/indexed(length:lookup:fixedItems:)``.
  var fixedItems: (@Sendable (AnyObject) -> [AnyObject]?)? = nil
}

/// `object[name]` behaviour for an interface with named properties (such as `CSSStyleDeclaration`).
struct NamedProperties: Sendable {
  let get: @Sendable (AnyObject, String, ScriptContext) throws -> ScriptValue?
  let set: (@Sendable (AnyObject, String, ScriptValue) throws -> Bool)?
  /// The named deleter: true when the name was a named property (and is gone), false to delete normally.
  let delete: (@Sendable (AnyObject, String) throws -> Bool)?
  let keys: (@Sendable (AnyObject) -> [String])?
  /// WebIDL `[LegacyOverrideBuiltIns]`: when false, a name the prototype chain has (`length`, `item`) is not a named property.
  var overridesBuiltIns = true
  /// False for WebIDL `[LegacyUnenumerableNamedProperties]` (legacy platform objects only).
  var enumerable = true
}

/// A declarative binding table for Swift type `T`.
///
/// ```swift
/// static let interface = Interface<Element>("Element", inherits: Node.interface) {
///   $0.getter("tagName") { $0.tagName }
///   $0.method("getAttribute", length: 1) { el, args in el.attribute(named: try args.string(0)) }
/// }
/// ```
public struct Interface<T: AnyObject>: Sendable {
  /// The type-erased table (what contexts, resolvers and `inherits:` use).
  public let erased: AnyInterface

  /// Builds the table for `name`, inheriting from `parent`.
  public init(_ name: String, inherits parent: AnyInterface? = nil, _ build: (InterfaceBuilder<T>) -> Void) {
    let builder = InterfaceBuilder<T>(interfaceName: name)
    build(builder)
    erased = AnyInterface(
      name: name, parent: parent, members: builder.members, indexed: builder.indexed, named: builder.named,
      construct: builder.construct, constructorLength: builder.constructorLength, accepts: { $0 is T },
      brand: builder.brand, collectable: builder.collectable, legacyPlatformObject: builder.isLegacyPlatformObject)
  }

  /// Builds the table for `name`, inheriting from another typed interface.
  public init<P>(_ name: String, inherits parent: Interface<P>, _ build: (InterfaceBuilder<T>) -> Void) {
    self.init(name, inherits: parent.erased, build)
  }

  /// Builds the table for `name`, inheriting from the interface of a ``ScriptExposed`` type.
  public init<P: ScriptExposed>(_ name: String, inherits parent: P.Type, _ build: (InterfaceBuilder<T>) -> Void) {
    self.init(name, inherits: parent.scriptInterface, build)
  }

  /// The interface name.
  public var name: String { erased.name }
}

/// The identity of one interface table, compared by reference in the receiver check.
public final class InterfaceBrand: Sendable {
  init() {}
}

/// A read-only description of one prototype member, for checking tables against WebIDL.
public struct InterfaceMemberDescription: Sendable, Equatable {
  /// What kind of member it is.
  public enum Kind: Sendable, Equatable {
    /// An accessor; `hasSetter` is false for a readonly attribute.
    case attribute(hasSetter: Bool)
    /// A method with its `length`.
    case operation(length: Int)
    /// A constant (on the interface object and the prototype).
    case constant
  }

  /// The member name as scripts see it.
  public let name: String
  /// What kind of member it is.
  public let kind: Kind
}

extension AnyInterface {
  /// The table's own members (not inherited ones), in table order.
  public var memberDescriptions: [InterfaceMemberDescription] {
    members.flatMap { member -> [InterfaceMemberDescription] in
      switch member {
      case .accessor(let name, _, let set): [InterfaceMemberDescription(name: name, kind: .attribute(hasSetter: set != nil))]
      case .accessorFamily(let names, _, let set):
        names.map { InterfaceMemberDescription(name: $0, kind: .attribute(hasSetter: set != nil)) }
      case .unforgeable(let name, _): [InterfaceMemberDescription(name: name, kind: .attribute(hasSetter: false))]
      case .method(let name, let length, _): [InterfaceMemberDescription(name: name, kind: .operation(length: length))]
      case .constant(let name, _): [InterfaceMemberDescription(name: name, kind: .constant)]
      // Static operations live on the interface object, unscopables are a symbol, a value iterator's methods are
      // Array's (the WebIDL reader does not list them either): none is a table member.
      case .staticMethod, .unscopables, .valueIterable: []
      case .pairIterable:
        ["entries", "keys", "values"].map { InterfaceMemberDescription(name: $0, kind: .operation(length: 0)) }
          + [InterfaceMemberDescription(name: "forEach", kind: .operation(length: 1))]
      }
    }
  }

}
