import DOM
import JSBridge

/// One member of an event interface's init dictionary, with its WebIDL type and default
/// (https://webidl.spec.whatwg.org/#es-dictionary for the conversions).
struct EventMember: Sendable {
  /// The WebIDL type, which picks the conversion.
  enum Kind: Sendable {
    case boolean, long, unsignedLong, short, unsignedShort
    /// `double`: a non-finite number is a TypeError.
    case double
    /// `unrestricted double`/`float` kept as given.
    case unrestrictedDouble
    case string, nullableString
    /// `Window?`: the window or null, anything else is a TypeError.
    case window
    /// `EventTarget?`.
    case target
    /// `any`: kept as the script value (null when absent).
    case any
    /// `any` with no default: undefined when absent.
    case anyOrUndefined
    /// `Promise<any>`: the value resolved into a promise (https://webidl.spec.whatwg.org/#es-promise).
    case promise
  }

  let name: String
  let kind: Kind
  /// The default when it is not false, 0, "" or null.
  let defaultNumber: Double?
  let defaultString: String?
  /// False for dictionary members with no attribute (`modifierAltGraph`...: `getModifierState` reads them).
  let isAttribute: Bool
  /// A `required` dictionary member: the constructor throws a TypeError without it.
  let isRequired: Bool

  init(
    _ name: String, _ kind: Kind, number: Double? = nil, string: String? = nil, attribute: Bool = true,
    required: Bool = false
  ) {
    self.name = name
    self.kind = kind
    defaultNumber = number
    defaultString = string
    isAttribute = attribute
    isRequired = required
  }

  /// The member's value in `event`, or its default, as a JS value.
  func value(in event: DictionaryEvent, window: Window) -> ScriptValue {
    let context = window.context
    switch event.values[name] {
    case .bool(let b)?: return context.makeBool(b)
    case .number(let n)?: return context.makeNumber(n)
    case .string(let s)?: return context.makeString(s)
    case .null?: return context.makeNull()
    case .target(let target)?: return window.scriptValue(of: target)
    case .opaque(let object)?: return (object as? ProtectedValue)?.value ?? context.makeUndefined()
    case nil:
      switch kind {
      case .boolean: return context.makeBool(false)
      case .long, .unsignedLong, .short, .unsignedShort, .double, .unrestrictedDouble:
        return context.makeNumber(defaultNumber ?? 0)
      case .string: return context.makeString(defaultString ?? "")
      case .nullableString: return defaultString.map { context.makeString($0) } ?? context.makeNull()
      case .window, .target: return context.makeNull()
      case .any: return defaultString == "[]" ? context.makeArray([]) : context.makeNull()
      case .anyOrUndefined, .promise: return context.makeUndefined()
      }
    }
  }

  /// Converts a dictionary member or an init method's argument; nil keeps the default.
  func convert(_ value: ScriptValue, window: Window, callee: String) throws(ScriptError) -> DictionaryEvent.Value? {
    if value.isUndefined { return nil }
    switch kind {
    case .boolean: return .bool(value.toBool())
    case .long: return .number(Double(Arguments.int32(value.toDouble())))
    case .unsignedLong: return .number(Double(UInt32(bitPattern: Int32(Arguments.int32(value.toDouble())))))
    case .short: return .number(Double(Int16(truncatingIfNeeded: Arguments.int32(value.toDouble()))))
    case .unsignedShort: return .number(Double(UInt16(truncatingIfNeeded: Arguments.int32(value.toDouble()))))
    case .double:
      let number = value.toDouble()
      guard number.isFinite else { throw .typeError("\(callee): '\(name)' is not a finite number.") }
      return .number(number)
    case .unrestrictedDouble: return .number(value.toDouble())
    case .string: return .string(try value.toString())
    case .nullableString: return value.isNull ? .null : .string(try value.toString())
    case .window:
      if value.isNull { return .target(nil) }
      guard value === window.context.global else { throw .typeError("\(callee): '\(name)' is not a Window.") }
      return .target(window)
    case .target:
      if value.isNull { return .target(nil) }
      if value === window.context.global { return .target(window) }
      guard let target = window.context.unwrap(value, as: EventTarget.self) else {
        throw .typeError("\(callee): '\(name)' is not an EventTarget.")
      }
      return .target(target)
    case .any, .anyOrUndefined: return .opaque(ProtectedValue(value))
    case .promise: return .opaque(ProtectedValue(try window.resolvedPromise(value)))
    }
  }
}

/// An event interface made of data: its name, parent and init dictionary members (attributes are read-only
/// getters of the same names), plus whatever else the interface has (constants, legacy `init*` methods).
struct EventInterfaceSpec: Sendable {
  let name: String
  /// The parent spec's name; nil for a direct child of `Event`.
  let parent: String?
  let members: [EventMember]
}

extension DOMInterfaces {
  /// Every dictionary-made event interface by name (the resolver and the brand checks look here).
  static let eventSpecs: [String: EventInterfaceSpec] = Dictionary(
    uniqueKeysWithValues: (uiEventSpecs + htmlEventSpecs).map { ($0.name, $0) })

  /// The binding table of each dictionary-made event interface.
  static let dictionaryEventInterfaces: [String: AnyInterface] = {
    var tables: [String: AnyInterface] = [:]
    func table(_ name: String) -> AnyInterface {
      if let done = tables[name] { return done }
      let spec = eventSpecs[name]!
      let parent = spec.parent.map(table) ?? event.erased
      let made = Interface<DictionaryEvent>(name, inherits: parent) { b in
        addDictionaryEventMembers(b, spec)
        eventExtras[name]?(b)
      }.erased
      tables[name] = made
      return made
    }
    for name in eventSpecs.keys.sorted() { _ = table(name) }
    return tables
  }()

  /// The dictionary-made interfaces in a stable order, parents before children (for the registry).
  static var dictionaryEventInterfaceList: [AnyInterface] {
    dictionaryEventInterfaces.keys.sorted { (eventSpecChain($0).count, $0) < (eventSpecChain($1).count, $1) }
      .map { dictionaryEventInterfaces[$0]! }
  }

  /// The specs from the least derived to `name`'s own.
  static func eventSpecChain(_ name: String) -> [EventInterfaceSpec] {
    var chain: [EventInterfaceSpec] = []
    var current: String? = name
    while let next = current, let spec = eventSpecs[next] {
      chain.insert(spec, at: 0)
      current = spec.parent
    }
    return chain
  }

  /// The constructor and the attribute getters of a spec.
  static func addDictionaryEventMembers(_ b: InterfaceBuilder<DictionaryEvent>, _ spec: EventInterfaceSpec) {
    let name = spec.name
    b.constructor(length: 1) { args in
      let type = try args.string(0)
      let dictionary = try EventInit(args.value(1), callee: name)
      let event = DictionaryEvent(
        interface: name, type: type, bubbles: dictionary.bubbles, cancelable: dictionary.cancelable,
        composed: dictionary.composed)
      try fill(event, from: dictionary, window: args.context.window())
      return event
    }
    let attributes = Dictionary(uniqueKeysWithValues: spec.members.filter(\.isAttribute).map { ($0.name, $0) })
    b.getters(spec.members.filter(\.isAttribute).map(\.name)) { event, attribute, context in
      guard isEvent(event, a: name), let member = attributes[attribute] else {
        throw ScriptError.typeError("Illegal invocation")
      }
      return member.value(in: event, window: try context.window())
    }
  }

  /// Reads the dictionary's members, base dictionaries first and each one's members in lexicographic order.
  ///
  /// https://webidl.spec.whatwg.org/#js-dictionary step 4
  static func fill(_ event: DictionaryEvent, from dictionary: EventInit, window: Window) throws(ScriptError) {
    for spec in eventSpecChain(event.interface) {
      for member in spec.members.sorted(by: { $0.name < $1.name }) {
        let raw = dictionary.value.isObject ? try dictionary.value.property(member.name) : window.context.makeUndefined()
        if member.isRequired, raw.isUndefined {
          throw .typeError("Failed to construct '\(event.interface)': Failed to read the '\(member.name)' property from '\(spec.name)Init': Required member is undefined.")
        }
        if let value = try member.convert(raw, window: window, callee: "\(spec.name) constructor") {
          event.values[member.name] = value
        }
      }
    }
  }

  /// True when `event`'s interface is `interface` or inherits from it (the brand check of shared Swift types).
  static func isEvent(_ event: DictionaryEvent, a interface: String) -> Bool {
    var current: String? = event.interface
    while let name = current {
      if name == interface { return true }
      current = eventSpecs[name]?.parent
    }
    return false
  }

  /// A legacy `initXEvent(type, bubbles, cancelable, ...)`: `members` take the arguments after the first three.
  ///
  /// https://w3c.github.io/uievents/#legacy-interfaces (each does nothing while the event is dispatched).
  static func addLegacyInit(_ b: InterfaceBuilder<DictionaryEvent>, _ method: String, interface: String, _ members: [EventMember]) {
    b.method(method, length: 1) { event, args in
      guard isEvent(event, a: interface) else { throw ScriptError.typeError("Illegal invocation") }
      if event.isDispatching { return }
      let window = try args.context.window()
      let type = try args.string(0)
      var values: [String: DictionaryEvent.Value] = [:]
      for (i, member) in members.enumerated() {
        values[member.name] = try member.convert(args.value(i + 3), window: window, callee: "\(interface).\(method)")
      }
      event.initEvent(type: type, bubbles: args.bool(1), cancelable: args.bool(2))
      for member in members { event.values[member.name] = values[member.name] }
    }
  }
}
