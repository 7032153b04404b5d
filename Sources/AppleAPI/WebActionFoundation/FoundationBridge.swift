import WebActionKit

/// WebActionKit's values as the Foundation objects iOS hands an extension.
enum FoundationBridge {
  /// `value` as Foundation objects, all the way down: a property list's dictionaries become `NSDictionary`, arrays
  /// `NSArray`, strings `NSString`, numbers and booleans `NSNumber`, dates `NSDate`, data `NSData`, URLs `NSURL`.
  /// Anything else is returned as it is.
  static func object(_ value: Any) -> Any {
    switch value {
    case let plist as PropertyList: object(plist)
    case let object as NSObject: object
    case let string as String: NSString(string: string)
    case let bool as Bool: NSNumber(value: bool)
    case let int as Int: NSNumber(value: int)
    case let double as Double: NSNumber(value: double)
    case let date as Date: NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
    case let data as Data: NSData(data: data)
    case let url as URL: NSURL(string: url.absoluteString) ?? NSNull()
    case let dictionary as [String: Any]:
      NSDictionary(dictionary: dictionary.mapValues(object) as [AnyHashable: Any])
    case let array as [Any]: NSArray(array: array.map(object))
    default: value
    }
  }

  /// A property list as Foundation objects (`.null` is `NSNull`).
  static func object(_ plist: PropertyList) -> NSObject {
    switch plist {
    case .string(let s): NSString(string: s)
    case .integer(let i): NSNumber(value: i)
    case .real(let d): NSNumber(value: d)
    case .boolean(let b): NSNumber(value: b)
    case .date(let d): NSDate(timeIntervalSinceReferenceDate: d.timeIntervalSinceReferenceDate)
    case .data(let d): NSData(data: d)
    case .array(let a): NSArray(array: a.map(object))
    case .dictionary(let d): NSDictionary(dictionary: d.mapValues(object) as [AnyHashable: Any])
    case .null: NSNull()
    }
  }

  /// An item as the `NSSecureCoding` object `loadItem` hands over; a value that is not one is described as text.
  static func secureObject(_ value: Any) -> any NSSecureCoding {
    if let secure = object(value) as? any NSSecureCoding { return secure }
    return NSString(string: String(describing: value))
  }

  /// The bytes of an item: data as it is, text as UTF-8, a URL as its string, a property list as a binary property
  /// list.
  static func dataRepresentation(of item: any NSSecureCoding) throws -> Data {
    switch item {
    case let data as NSData: return Data(referencing: data)
    case let string as NSString: return Data(String(string).utf8)
    case let url as NSURL: return Data(url.absoluteString.utf8)
    default:
      return try PropertyList(foundationObject: item, rootPath: "item").encoded(as: .binary)
    }
  }
}
