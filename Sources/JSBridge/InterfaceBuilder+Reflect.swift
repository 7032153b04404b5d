/// Reflected attributes for ``InterfaceBuilder``.
///
/// Reflection follows https://html.spec.whatwg.org/multipage/common-dom-interfaces.html#reflecting-content-attributes-in-idl-attributes:
/// the IDL attribute reads and writes a content attribute through the caller's `get`/`set` pair,
/// so tables never hand-write reflected attributes.
extension InterfaceBuilder {
  /// A `DOMString` attribute reflecting a content attribute: a missing attribute reads as "".
  /// With `nullAsEmpty` (`[LegacyNullToEmptyString]`), assigning `null` stores "".
  public func reflect(
    _ name: String, nullAsEmpty: Bool = false, get: @escaping @Sendable (T) -> String?,
    set: @escaping @Sendable (T, String) throws -> Void
  ) {
    accessor(
      name, get: { get($0) ?? "" },
      set: { object, value in try set(object, nullAsEmpty && value.isNull ? "" : value.toString()) })
  }

  /// A `boolean` attribute reflecting a content attribute's presence: setting true adds it (empty), false removes it.
  public func reflectBool(
    _ name: String, has: @escaping @Sendable (T) -> Bool, set: @escaping @Sendable (T, Bool) throws -> Void
  ) {
    accessor(name, get: has, set: { object, value in try set(object, value.toBool()) })
  }

  /// A `long` attribute reflecting a content attribute: an absent, unparsable or out-of-range value reads as `defaultValue`.
  public func reflectInt(
    _ name: String, defaultValue: Int = 0, get: @escaping @Sendable (T) -> String?,
    set: @escaping @Sendable (T, String) throws -> Void
  ) {
    reflectInteger(name, .long(default: defaultValue), get: get, set: set, indexSizeError: { ScriptError.typeError("a long attribute accepts every value") })
  }

  /// An integer attribute of any reflected kind (`long`, `unsigned long`, limited, clamped).
  ///
  /// `indexSizeError` makes the error a limited attribute throws for a disallowed value (a DOMException).
  public func reflectInteger(
    _ name: String, _ kind: ReflectedInteger, get: @escaping @Sendable (T) -> String?,
    set: @escaping @Sendable (T, String) throws -> Void, indexSizeError: @escaping @Sendable () -> any Error
  ) {
    accessor(
      name, get: { object in kind.read(get(object)) },
      set: { object, value in
        guard let stored = kind.write(value.toDouble()) else { throw indexSizeError() }
        try set(object, String(stored))
      })
  }

  /// A `double` attribute: reads by the rules for parsing floating-point numbers (`defaultValue` when that fails),
  /// writes the number's JS string form. Non-finite values throw a `TypeError` (WebIDL `double`).
  public func reflectDouble(
    _ name: String, defaultValue: Double = 0, get: @escaping @Sendable (T) -> String?,
    set: @escaping @Sendable (T, String) throws -> Void
  ) {
    accessor(
      name, get: { object in get(object).flatMap(ReflectedInteger.parseDouble) ?? defaultValue },
      set: { object, value in
        let number = value.toDouble()
        guard number.isFinite else { throw ScriptError.typeError("The provided double value is non-finite.") }
        try set(object, try value.context.makeNumber(number == 0 ? 0 : number).toString())
      })
  }

  /// An enumerated attribute limited to known values.
  ///
  /// Reads the keyword matching the content attribute ASCII case-insensitively (through `aliases` to its
  /// canonical keyword), `invalid` when it matches none, `missing` when absent (nil reads as `null` when
  /// `nullable`, else ""). Writes the assigned string as is; `null` removes the attribute when `nullable`.
  public func reflectEnum(
    _ name: String, keywords: [String], aliases: [String: String] = [:], missing: String? = nil,
    invalid: String? = nil, nullable: Bool = false, get: @escaping @Sendable (T) -> String?,
    set: @escaping @Sendable (T, String?) throws -> Void
  ) {
    var table: [String: String] = [:]
    for keyword in keywords { table[ReflectedInteger.asciiLowercased(keyword)] = aliases[keyword] ?? keyword }
    for (alias, canonical) in aliases { table[ReflectedInteger.asciiLowercased(alias)] = canonical }
    let lookup = table
    let invalidValue = invalid ?? missing
    accessor(
      name,
      get: { object -> String? in
        guard let raw = get(object) else { return nullable ? missing : missing ?? "" }
        return lookup[ReflectedInteger.asciiLowercased(raw)] ?? invalidValue ?? (nullable ? nil : "")
      },
      set: { object, value in
        if nullable && (value.isNull || value.isUndefined) { return try set(object, nil) }
        try set(object, try value.toString())
      })
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
    let brand = self.brand
    members.append(
      .accessor(
        name: name,
        get: { args in
          let object = try Self.receiver(args, brand)
          return try get(object, args.context).scriptValue(in: args.context)
        },
        set: nil))
  }

  /// A read-write attribute whose getter and setter also see the context.
  public func contextAccessor<R: ScriptConvertible>(
    _ name: String, get: @escaping @Sendable (T, ScriptContext) throws -> R,
    set: @escaping @Sendable (T, ScriptValue, ScriptContext) throws -> Void
  ) {
    let brand = self.brand
    members.append(
      .accessor(
        name: name,
        get: { args in
          let object = try Self.receiver(args, brand)
          return try get(object, args.context).scriptValue(in: args.context)
        },
        set: { args in
          let object = try Self.receiver(args, brand)
          try set(object, args.value(0), args.context)
          return args.context.makeUndefined()
        }))
  }

  /// https://html.spec.whatwg.org/multipage/common-microsyntaxes.html#rules-for-parsing-integers
  static func parseInteger(_ text: String) -> Int? { ReflectedInteger.parseInteger(text) }
}
