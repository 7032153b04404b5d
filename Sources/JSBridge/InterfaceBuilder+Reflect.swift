/// Reflected attributes and context-aware members for ``InterfaceBuilder``.
///
/// Reflection follows https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes:
/// the IDL attribute reads and writes a content attribute through the caller's `get`/`set` pair,
/// so tables never hand-write reflected attributes.
extension InterfaceBuilder {
  /// A `DOMString` attribute reflecting a content attribute: a missing attribute reads as "".
  public func reflect(
    _ name: String, get: @escaping @Sendable (T) -> String?, set: @escaping @Sendable (T, String) throws -> Void
  ) {
    stringAccessor(name, get: { get($0) ?? "" }, set: set)
  }

  /// A `boolean` attribute reflecting a content attribute's presence: setting true adds it (empty), false removes it.
  public func reflectBool(
    _ name: String, has: @escaping @Sendable (T) -> Bool, set: @escaping @Sendable (T, Bool) throws -> Void
  ) {
    accessor(name, get: has, set: { object, value in try set(object, value.toBool()) })
  }

  /// A `long` attribute reflecting a content attribute: an absent or unparsable value reads as `defaultValue`.
  ///
  /// Parsing uses the rules for parsing integers (leading whitespace, sign, digits).
  public func reflectInt(
    _ name: String, defaultValue: Int = 0, get: @escaping @Sendable (T) -> String?,
    set: @escaping @Sendable (T, String) throws -> Void
  ) {
    accessor(
      name, get: { object in get(object).flatMap(Self.parseInteger) ?? defaultValue },
      set: { object, value in try set(object, String(Arguments.toInt32(value.toDouble()))) })
  }

  /// A `USVString` URL attribute: reads the content attribute resolved by `resolve` (the raw value when it does
  /// not resolve, "" when absent); writes the assigned string unchanged.
  public func reflectURL(
    _ name: String, get: @escaping @Sendable (T) -> String?, resolve: @escaping @Sendable (T, String) -> String?,
    set: @escaping @Sendable (T, String) throws -> Void
  ) {
    stringAccessor(
      name,
      get: { object in
        guard let raw = get(object) else { return "" }
        return resolve(object, raw) ?? raw
      }, set: set)
  }

  /// A read-only attribute whose getter also sees the context (for per-context caches).
  public func contextGetter<R: ScriptConvertible>(
    _ name: String, _ get: @escaping @Sendable (T, ScriptContext) throws -> R
  ) {
    members.append(
      .accessor(
        name: name,
        get: { args in
          let object = try Self.receiver(args)
          return try get(object, args.context).scriptValue(in: args.context)
        },
        set: nil))
  }

  /// A read-write attribute whose getter and setter also see the context.
  public func contextAccessor<R: ScriptConvertible>(
    _ name: String, get: @escaping @Sendable (T, ScriptContext) throws -> R,
    set: @escaping @Sendable (T, ScriptValue, ScriptContext) throws -> Void
  ) {
    members.append(
      .accessor(
        name: name,
        get: { args in
          let object = try Self.receiver(args)
          return try get(object, args.context).scriptValue(in: args.context)
        },
        set: { args in
          let object = try Self.receiver(args)
          try set(object, args.value(0), args.context)
          return args.context.makeUndefined()
        }))
  }

  /// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-integers
  static func parseInteger(_ text: String) -> Int? {
    var scalars = Substring(text).unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
    var sign = 1
    if scalars.first == "-" {
      sign = -1
      scalars = scalars.dropFirst()
    } else if scalars.first == "+" {
      scalars = scalars.dropFirst()
    }
    let digits = scalars.prefix { $0.value >= 0x30 && $0.value <= 0x39 }
    guard !digits.isEmpty, let value = Int(String(String.UnicodeScalarView(digits))) else { return nil }
    return sign * value
  }
}
