import CJavaScriptCore

/// The per-context objects of an installed interface (both protected until close). A class: each wrapper made reads
/// it, and a copy of a struct would retain and release each of its references.
final class InstalledInterface {
  let interface: AnyInterface
  let prototype: JSObjectRef
  let constructor: JSObjectRef
  /// The JSC class of instances (released at close).
  let instanceClass: JSClassRef
  /// The `[LegacyUnforgeable]` getters of the interface and its ancestors, defined on each instance.
  var unforgeable: [(name: String, getter: ProtectedValue)] = []
  /// For a legacy platform object's interface, the function making an instance's proxy from its target.
  var legacyProxyFactory: ProtectedValue?
  init(interface: AnyInterface, prototype: JSObjectRef, constructor: JSObjectRef, instanceClass: JSClassRef) {
    self.interface = interface
    self.prototype = prototype
    self.constructor = constructor
    self.instanceClass = instanceClass
  }
}

/// The one JS object of a wrapped Swift object; the context retains both until close.
final class WrapperRecord {
  let object: AnyObject
  let interface: AnyInterface
  /// What scripts see: the wrapper, or a legacy platform object's proxy (whose target is the wrapper).
  let jsObject: JSObjectRef
  /// For a legacy platform object, the wrapper that is the proxy's target (nil otherwise).
  var proxyTarget: JSObjectRef?
  /// The `[SameObject]` values made for this wrapper, by member name (a handful at most; kept as long as the wrapper).
  var sameObjects: [(member: String, value: AnyObject)] = []
  /// For a collectable wrapper, the group to tell when the collector takes it (nil otherwise).
  var owner: ClearedReference<ScriptGroup>?
  /// True when `jsObject` is an ordinary object holding fixed items (``IndexedProperties/fixedItems``), which is
  /// kept until close whatever the interface.
  let isFixedList: Bool
  /// The key of this record in its group's `wrappers`.
  var key: WrapperKey { WrapperKey(object: ObjectIdentifier(object), world: world) }
  /// The group whose `wrappers` holds this record.
  let group: ObjectIdentifier
  /// The world of the realm that made the wrapper (``ScriptWorld``).
  let world: Int
  /// The object when it keeps this record in its ``ScriptWrapperCaching/scriptWrapperCache`` (cleared when the
  /// record goes).
  var cachedIn: (any ScriptWrapperCaching)?
  init(
    object: AnyObject, interface: AnyInterface, jsObject: JSObjectRef, group: ScriptGroup, world: ScriptWorld,
    isFixedList: Bool = false
  ) {
    self.object = object
    self.interface = interface
    self.jsObject = jsObject
    self.group = ObjectIdentifier(group)
    self.world = world.id
    self.isFixedList = isFixedList
  }

  /// Empties the object's cache if it still points here: the record is going.
  func uncache() {
    guard let owner = cachedIn else { return }
    if owner.scriptWrapperCache == Unmanaged.passUnretained(self).toOpaque() { owner.scriptWrapperCache = nil }
    cachedIn = nil
  }

  /// True when the group keeps `jsObject` alive until its last context closes (``ScriptGroup/keep(_:in:)``).
  var isProtected: Bool { isFixedList || !interface.isCollectable }
}

extension WrapperRecord {
  /// The value in slot `member`, made by `make` when the slot is empty.
  func sameObject<R: AnyObject>(_ member: String, make: () throws -> R) rethrows -> R {
    for slot in sameObjects where slot.member == member {
      if let value = slot.value as? R { return value }
    }
    let value = try make()
    sameObjects.append((member, value))
    return value
  }
}

/// A Swift closure callable from JS; retained by its function object, released when that object is finalized.
final class NativeFunction {
  let name: String
  let body: (Arguments) throws -> ScriptValue
  /// The realm that made the function: the context of its calls (found without asking JSC for the caller's global
  /// object, which takes JSC's lock).
  let realm: ClearedReference<ScriptContext>
  init(name: String, realm: ScriptContext, body: @escaping (Arguments) throws -> ScriptValue) {
    self.name = name
    self.realm = realm.reference
    self.body = body
  }
}
