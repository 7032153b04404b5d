extension PropertyList {
  /// Converts a Foundation property-list object (what `PropertyListSerialization`, `JSONSerialization` and Apple's
  /// extension APIs hand around) into a `PropertyList`.
  ///
  /// Accepts String, Bool, the integer and floating-point types, NSNumber (a boolean NSNumber becomes `.boolean`,
  /// also on Linux where `NSNumber(1) as? Bool` succeeds), Date, Data, arrays, dictionaries with String keys,
  /// NSNull and nil optionals (both `.null`), and `PropertyList` itself.
  /// - Parameters:
  ///   - foundationObject: the value to convert, for example an item provider's item or `JSONSerialization` output.
  ///   - rootPath: the name of the root in error paths, for example `results`.
  /// - Throws: `PropertyListError` naming the path of the first unsupported value, for example
  ///   `results.items[3].node: unsupported value of type Foo`.
  public init(foundationObject: Any, rootPath: String = "") throws(PropertyListError) {
    self = try PropertyList.convert(foundationObject, path: rootPath)
  }

  private static func convert(_ value: Any, path: String) throws(PropertyListError) -> PropertyList {
    // NSNumber first, by dynamic type: a Swift Int is not an NSNumber here, but `as? NSNumber` would bridge it.
    if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
      return try fromNumber(number, path: path)
    }
    switch value {
    case let plist as PropertyList: return plist
    case let string as String: return .string(string)
    case let bool as Bool: return .boolean(bool)
    case let int as Int: return .integer(int)
    case let double as Double: return try real(double, path: path)
    case let float as Float: return try real(Double(float), path: path)
    case let integer as any BinaryInteger:
      guard let int = Int(exactly: integer) else {
        throw PropertyListError(message: "integer \(integer) does not fit in 64 bits", path: path)
      }
      return .integer(int)
    case let date as Date: return .date(date)
    case let data as Data: return .data(data)
    case is NSNull: return .null
    case let url as URL: return .string(url.absoluteString)
    case let dictionary as [String: Any]:
      var entries: [String: PropertyList] = [:]
      for (key, element) in dictionary {
        entries[key] = try convert(element, path: PropertyList.path(path, key: key))
      }
      return .dictionary(entries)
    case let array as [Any]:
      var elements: [PropertyList] = []
      elements.reserveCapacity(array.count)
      for (index, element) in array.enumerated() {
        elements.append(try convert(element, path: PropertyList.path(path, index: index)))
      }
      return .array(elements)
    case let dictionary as [AnyHashable: Any]:
      let bad = dictionary.keys.first { !($0.base is String) }.map { "\(type(of: $0.base))" } ?? "?"
      throw PropertyListError(
        message: "dictionary keys must be strings, found a key of type \(bad)", path: path)
    default:
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return .null }
        return try convert(wrapped, path: path)
      }
      throw PropertyListError(message: "unsupported value of type \(type(of: value))", path: path)
    }
  }

  private static func fromNumber(_ number: NSNumber, path: String) throws(PropertyListError) -> PropertyList {
    // The two boolean NSNumbers are singletons on Darwin and on Linux (checked: `__NSCFBoolean`).
    if number === (true as NSNumber) || number === (false as NSNumber) { return .boolean(number.boolValue) }
    // JSONSerialization on Linux hands numbers of 17 significant digits (0.30000000000000004) or past 64 bits as
    // NSDecimalNumber, whose doubleValue is off by a few units in the last place: its exact decimal text is read
    // instead (found by Scripts/fuzz plist-bridge: reals changed in a JSON round trip).
    if let decimal = number as? NSDecimalNumber, let double = Double(decimal.stringValue) {
      return try real(double, path: path)
    }
    switch String(cString: number.objCType) {
    case "f", "d": return try real(number.doubleValue, path: path)
    case "Q", "L", "I", "S", "C":
      guard let int = Int(exactly: number.uint64Value) else {
        throw PropertyListError(message: "integer \(number) does not fit in 64 bits", path: path)
      }
      return .integer(int)
    default: return .integer(number.intValue)
    }
  }

  private static func real(_ value: Double, path: String) throws(PropertyListError) -> PropertyList {
    guard value.isFinite else {
      throw PropertyListError(message: "\(value) is not a finite number; property lists hold finite reals only", path: path)
    }
    return .real(value)
  }

  /// The Foundation object for this value: `[String: Any]`, `[Any]`, String, Int, Double, Bool, Date, Data,
  /// and `NSNull()` for `.null`.
  public var foundationObject: Any {
    switch self {
    case .string(let s): s
    case .integer(let i): i
    case .real(let d): d
    case .boolean(let b): b
    case .date(let d): d
    case .data(let d): d
    case .array(let a): a.map(\.foundationObject) as [Any]
    case .dictionary(let d): d.mapValues(\.foundationObject) as [String: Any]
    case .null: NSNull()
    }
  }
}
