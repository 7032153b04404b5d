/// A property-list value: what Safari passes between a page's preprocessing JavaScript and its extension.
///
/// `null` is the `NSNull` marker Safari passes for a JavaScript `null`; it has no XML or binary plist encoding.
public indirect enum PropertyList: Sendable, Hashable {
  /// A string (`<string>`; a JavaScript string).
  case string(String)
  /// A 64-bit signed integer (`<integer>`).
  case integer(Int)
  /// A floating-point number (`<real>`).
  case real(Double)
  /// A boolean (`<true/>`, `<false/>`).
  case boolean(Bool)
  /// A date (`<date>`; a JavaScript `Date`).
  case date(Date)
  /// Bytes (`<data>`).
  case data(Data)
  /// An ordered list of values (`<array>`).
  case array([PropertyList])
  /// Values by string key (`<dict>`).
  case dictionary([String: PropertyList])
  /// A JavaScript `null` (`NSNull`); XML and binary property lists cannot hold it.
  case null

  /// The value when this is a string, else nil.
  public var string: String? { if case .string(let s) = self { s } else { nil } }

  /// The value when this is an integer, or a real with an exact integer value; else nil.
  public var int: Int? {
    switch self {
    case .integer(let i): i
    case .real(let d): Int(exactly: d)
    default: nil
    }
  }

  /// The value when this is a number (integer or real), else nil.
  public var double: Double? {
    switch self {
    case .integer(let i): Double(i)
    case .real(let d): d
    default: nil
    }
  }

  /// The value when this is a boolean, else nil.
  public var bool: Bool? { if case .boolean(let b) = self { b } else { nil } }

  /// The value when this is a date, else nil.
  public var date: Date? { if case .date(let d) = self { d } else { nil } }

  /// The value when this is data, else nil.
  public var data: Data? { if case .data(let d) = self { d } else { nil } }

  /// The entries when this is a dictionary, else nil.
  public var dictionary: [String: PropertyList]? { if case .dictionary(let d) = self { d } else { nil } }

  /// The elements when this is an array, else nil.
  public var array: [PropertyList]? { if case .array(let a) = self { a } else { nil } }

  /// Whether this is the `null` marker.
  public var isNull: Bool { self == .null }

  /// The entry for `key` when this is a dictionary holding it, else nil.
  public subscript(key: String) -> PropertyList? {
    get { dictionary?[key] }
    set {
      guard case .dictionary(var entries) = self else { return }
      entries[key] = newValue
      self = .dictionary(entries)
    }
  }

  /// The element at `index` when this is an array long enough, else nil.
  public subscript(index: Int) -> PropertyList? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// A short name of the case, for error messages ("string", "dictionary", ...).
  public var kindName: String {
    switch self {
    case .string: "string"
    case .integer: "integer"
    case .real: "real"
    case .boolean: "boolean"
    case .date: "date"
    case .data: "data"
    case .array: "array"
    case .dictionary: "dictionary"
    case .null: "null"
    }
  }
}

/// An error converting, encoding or decoding a property list; `path` locates the offending value.
public struct PropertyListError: Error, CustomStringConvertible {
  /// What is wrong and, where possible, what to do.
  public var message: String
  /// Where the value is, for example `results.items[3].node`; empty for the root.
  public var path: String

  /// Makes an error at `path`.
  public init(message: String, path: String = "") {
    self.message = message
    self.path = path
  }

  /// `PATH: MESSAGE`, or the message alone for the root.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

extension PropertyList {
  /// The path of a dictionary entry below `path`: `a.b`, or `a["odd key"]` when the key is not identifier-like.
  static func path(_ path: String, key: String) -> String {
    let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "$" }
    if plain { return path.isEmpty ? key : "\(path).\(key)" }
    let quoted = "[\"\(key.replacingOccurrences(of: "\"", with: "\\\""))\"]"
    return path + quoted
  }

  /// The path of an array element below `path`: `a[3]`.
  static func path(_ path: String, index: Int) -> String { "\(path)[\(index)]" }
}

extension PropertyList: ExpressibleByStringLiteral {
  /// A ``string(_:)`` value.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension PropertyList: ExpressibleByIntegerLiteral {
  /// An ``integer(_:)`` value.
  public init(integerLiteral value: Int) { self = .integer(value) }
}

extension PropertyList: ExpressibleByFloatLiteral {
  /// A ``real(_:)`` value.
  public init(floatLiteral value: Double) { self = .real(value) }
}

extension PropertyList: ExpressibleByBooleanLiteral {
  /// A ``boolean(_:)`` value.
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
}

extension PropertyList: ExpressibleByArrayLiteral {
  /// An ``array(_:)`` of the elements.
  public init(arrayLiteral elements: PropertyList...) { self = .array(elements) }
}

extension PropertyList: ExpressibleByDictionaryLiteral {
  /// A ``dictionary(_:)`` of the pairs; of a repeated key, the last value wins.
  public init(dictionaryLiteral elements: (String, PropertyList)...) {
    self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}

extension PropertyList: ExpressibleByNilLiteral {
  /// The ``null`` value.
  public init(nilLiteral: ()) { self = .null }
}
