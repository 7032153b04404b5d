extension PropertyList {
  /// A serialization format for property lists.
  public enum Format: String, CaseIterable, Sendable {
    /// Pretty-printed JSON with sorted keys; the only format that can hold `.null`.
    case json
    /// Apple's XML property list.
    case xml
    /// Apple's binary property list (`bplist00`).
    case binary
  }

  /// Encodes the value.
  ///
  /// JSON: keys sorted, two-space indentation, a final newline; dates as ISO 8601 strings (with fractional seconds
  /// when they are not zero), data as base64 strings, `.null` as `null`, integers without a fraction.
  /// XML and binary go through `PropertyListSerialization`.
  /// - Throws: `PropertyListError` naming the path of a `.null` (XML and binary cannot hold one), of a date outside
  ///   the years 1–9999 (XML writes four-digit years; Foundation would write one it cannot read back) or of a
  ///   non-finite real.
  public func encoded(as format: Format) throws(PropertyListError) -> Data {
    switch format {
    case .json:
      var out = ""
      try PropertyList.writeJSON(self, to: &out, indent: "", path: "")
      out += "\n"
      return Data(out.utf8)
    case .xml, .binary:
      if let path = firstNullPath(at: "") {
        throw PropertyListError(
          message: "null has no \(format.rawValue) property-list encoding (JavaScript null or undefined); "
            + "use --results-format json, or return a value other than null", path: path.isEmpty ? "(root)" : path)
      }
      if format == .xml, let path = firstPath(at: "", where: { $0.date.map { !Self.xmlWritable($0) } ?? false }) {
        throw PropertyListError(
          message: "a date outside the years 1 to 9999 has no XML property-list encoding (its year has four digits); "
            + "use --results-format binary or json", path: path.isEmpty ? "(root)" : path)
      }
      do {
        return try PropertyListSerialization.data(
          fromPropertyList: foundationObject, format: format == .xml ? .xml : .binary, options: 0)
      } catch {
        throw PropertyListError(message: "could not encode as \(format.rawValue) property list: \(error)")
      }
    }
  }

  /// The dates an XML property list can hold: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
  public static let xmlDateRange =
    Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

  /// Whether an XML property list can hold `date`: a number of seconds (not NaN, which compares as inside any
  /// range) within `xmlDateRange`.
  public static func xmlWritable(_ date: Date) -> Bool {
    date.timeIntervalSinceReferenceDate.isFinite && xmlDateRange.contains(date)
  }

  /// The path of the first `.null` in document order (dictionary keys sorted), or nil when there is none.
  func firstNullPath(at path: String) -> String? { firstPath(at: path) { $0 == .null } }

  /// The path of the first value (in document order, dictionary keys sorted) that `matches`, or nil.
  func firstPath(at path: String, where matches: (PropertyList) -> Bool) -> String? {
    if matches(self) { return path }
    switch self {
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let found = element.firstPath(at: PropertyList.path(path, index: index), where: matches) { return found }
      }
      return nil
    case .dictionary(let entries):
      for key in entries.keys.sorted() {
        if let found = entries[key]!.firstPath(at: PropertyList.path(path, key: key), where: matches) { return found }
      }
      return nil
    default: return nil
    }
  }

  /// Decodes JSON, XML property lists or binary property lists, detected from the first bytes.
  ///
  /// JSON numbers with an integral value become `.integer`, others `.real`; `true`/`false` become `.boolean`,
  /// `null` becomes `.null`. JSON strings stay strings (dates are not guessed).
  public static func decode(_ data: Data) throws(PropertyListError) -> PropertyList {
    let start = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
    let isPlist = start.starts(with: Array("bplist".utf8)) || start.first == UInt8(ascii: "<")
    if let index = binarySetObject(in: data) {
      throw PropertyListError(message: "not a valid property list: object \(index) is a set, which property lists here never hold")
    }
    let object: Any
    do {
      if isPlist {
        object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
      } else {
        object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      }
    } catch {
      let kind = isPlist ? "property list" : "JSON"
      throw PropertyListError(message: "not a valid \(kind): \(error.localizedDescription)")
    }
    let plist = try PropertyList(foundationObject: object)
    return isPlist ? plist : plist.integralRealsAsIntegers()
  }

  /// JSON has one number type: whole numbers become integers.
  private func integralRealsAsIntegers() -> PropertyList {
    switch self {
    case .real(let d):
      if d.rounded() == d, let i = Int(exactly: d) { return .integer(i) }
      return self
    case .array(let a): return .array(a.map { $0.integralRealsAsIntegers() })
    case .dictionary(let d): return .dictionary(d.mapValues { $0.integralRealsAsIntegers() })
    default: return self
    }
  }

  private static func writeJSON(
    _ value: PropertyList, to out: inout String, indent: String, path: String
  ) throws(PropertyListError) {
    switch value {
    case .string(let s): writeJSONString(s, to: &out)
    case .integer(let i): out += String(i)
    case .real(let d):
      guard d.isFinite else {
        throw PropertyListError(message: "\(d) has no JSON encoding; only finite numbers do", path: path)
      }
      out += d == d.rounded() && abs(d) < 1e15 ? String(format: "%.1f", d) : "\(d)"
    case .boolean(let b): out += b ? "true" : "false"
    case .null: out += "null"
    case .date(let date): writeJSONString(iso8601(date), to: &out)
    case .data(let data): writeJSONString(data.base64EncodedString(), to: &out)
    case .array(let elements):
      if elements.isEmpty { out += "[]"; return }
      let inner = indent + "  "
      out += "[\n"
      for (index, element) in elements.enumerated() {
        out += inner
        try writeJSON(element, to: &out, indent: inner, path: PropertyList.path(path, index: index))
        out += index == elements.count - 1 ? "\n" : ",\n"
      }
      out += indent + "]"
    case .dictionary(let entries):
      if entries.isEmpty { out += "{}"; return }
      let inner = indent + "  "
      out += "{\n"
      let keys = entries.keys.sorted()
      for (index, key) in keys.enumerated() {
        out += inner
        writeJSONString(key, to: &out)
        out += ": "
        try writeJSON(entries[key]!, to: &out, indent: inner, path: PropertyList.path(path, key: key))
        out += index == keys.count - 1 ? "\n" : ",\n"
      }
      out += indent + "}"
    }
  }

  private static func writeJSONString(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      // Foundation's JSON reader drops a raw U+FEFF at the start of a string or after an escape; escaped it stays.
      case "\u{FEFF}": out += "\\ufeff"
      default:
        if scalar.value < 0x20 {
          out += "\\u" + String(format: "%04x", scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }

  /// ISO 8601 in UTC, with milliseconds only when the date has a fractional second.
  static func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    let seconds = date.timeIntervalSince1970
    if seconds.rounded(.down) != seconds {
      formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    }
    return formatter.string(from: date)
  }
}
