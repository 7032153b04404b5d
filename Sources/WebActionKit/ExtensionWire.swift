import Foundation

/// The protocol between a host and an extension that runs as its own process (its bundle's `CFBundleExecutable`):
/// frames of a four-byte big-endian length and a binary property list, one request at a time.
///
/// The article <doc:TheExtensionProtocol> is the description of the protocol (framing, messages, items, order,
/// limits, the process's lifetime); this type encodes and decodes its frames and messages, for the host and for
/// ``ExtensionService``.
public enum ExtensionWire {
  /// The largest frame either side accepts: 256 MB.
  public static let maximumFrameSize = 256 << 20

  /// A malformed frame or message, with what was wrong.
  public struct ProtocolError: Error, CustomStringConvertible, Sendable {
    /// What was wrong, for example a frame over ``maximumFrameSize`` or a body that is not a binary property list.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
  }

  /// How a request ended, as it travels back to the host.
  public enum Reply: Sendable {
    /// The extension called `completeRequest`: the items it returned, its context's diagnostics and the URLs it
    /// asked to open (as strings).
    case completed(items: [ExtensionItem], diagnostics: [String], openedURLs: [String])
    /// The extension called `cancelRequest(withError:)`: the error's domain, code and description, with the
    /// diagnostics and opened URLs as for `completed`.
    case cancelled(domain: String, code: Int, description: String, diagnostics: [String], openedURLs: [String])
  }

  // MARK: Frames

  /// The frame holding `message`.
  public static func frame(_ message: PropertyList) throws(ProtocolError) -> Data {
    let body: Data
    do {
      body = try nullsAsMarkers(message).encoded(as: .binary)
    } catch {
      throw ProtocolError("cannot encode the message: \(error)")
    }
    guard body.count <= maximumFrameSize else {
      throw ProtocolError("a message of \(body.count) bytes is larger than the \(maximumFrameSize >> 20) MB limit")
    }
    var length = UInt32(body.count).bigEndian
    var frame = Data(bytes: &length, count: 4)
    frame.append(body)
    return frame
  }

  /// The length announced by a frame's four-byte header.
  public static func frameLength(header: Data) throws(ProtocolError) -> Int {
    precondition(header.count == 4)
    let length = header.reduce(0) { $0 << 8 | Int($1) }
    guard length <= maximumFrameSize else {
      throw ProtocolError("a frame announces \(length) bytes, more than the \(maximumFrameSize >> 20) MB limit (is something else writing to standard output?)")
    }
    return length
  }

  /// The message in a frame's body.
  public static func message(body: Data) throws(ProtocolError) -> [String: PropertyList] {
    guard body.starts(with: Array("bplist00".utf8)) else {
      throw ProtocolError("a frame's body is not a binary property list (it starts with \(describe(body.prefix(8))))")
    }
    let decoded: PropertyList
    do {
      decoded = try PropertyList.decode(body)
    } catch {
      throw ProtocolError("a frame's body is not a valid binary property list: \(error)")
    }
    guard case .dictionary(let message) = markersAsNulls(decoded), message["type"]?.string != nil else {
      throw ProtocolError("a message must be a dictionary with a string `type`; got \(decoded.kindName)")
    }
    return message
  }

  private static func describe(_ bytes: Data) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) ? "“\(text)”" : bytes.map { String(format: "%02x", $0) }.joined(separator: " ")
  }

  // MARK: Messages

  /// A `request` message.
  public static func request(id: Int, items: [ExtensionItem]) throws(ProtocolError) -> PropertyList {
    .dictionary(["type": "request", "id": .integer(id), "inputItems": .array(try items.map(encode))])
  }

  /// The `id` and input items of a `request` message.
  public static func decodeRequest(_ message: [String: PropertyList]) throws(ProtocolError) -> (id: Int, items: [ExtensionItem]) {
    guard let id = message["id"]?.int else { throw ProtocolError("a request has no integer `id`") }
    let items = message["inputItems"]?.array ?? []
    return (id, try items.enumerated().map { index, item throws(ProtocolError) in try decodeItem(item, path: "inputItems[\(index)]") })
  }

  /// The reply message for request `id`.
  public static func reply(id: Int, _ reply: Reply) throws(ProtocolError) -> PropertyList {
    switch reply {
    case .completed(let items, let diagnostics, let opened):
      return .dictionary([
        "type": "completed", "id": .integer(id), "items": .array(try items.map(encode)),
        "diagnostics": .array(diagnostics.map(PropertyList.string)), "openedURLs": .array(opened.map(PropertyList.string)),
      ])
    case .cancelled(let domain, let code, let description, let diagnostics, let opened):
      return .dictionary([
        "type": "cancelled", "id": .integer(id),
        "error": ["domain": .string(domain), "code": .integer(code), "description": .string(description)],
        "diagnostics": .array(diagnostics.map(PropertyList.string)), "openedURLs": .array(opened.map(PropertyList.string)),
      ])
    }
  }

  /// The reply in a `completed` or `cancelled` message.
  public static func decodeReply(_ message: [String: PropertyList]) throws(ProtocolError) -> (id: Int, reply: Reply) {
    guard let id = message["id"]?.int else { throw ProtocolError("a \(message["type"]!.string!) message has no integer `id`") }
    let diagnostics = try strings(message["diagnostics"], "diagnostics")
    let opened = try strings(message["openedURLs"], "openedURLs")
    switch message["type"]!.string! {
    case "completed":
      let items = message["items"]?.array ?? []
      return (id, .completed(
        items: try items.enumerated().map { index, item throws(ProtocolError) in try decodeItem(item, path: "items[\(index)]") },
        diagnostics: diagnostics, openedURLs: opened))
    case "cancelled":
      let error = message["error"]?.dictionary ?? [:]
      return (id, .cancelled(
        domain: error["domain"]?.string ?? "", code: error["code"]?.int ?? 0,
        description: error["description"]?.string ?? "(no description)", diagnostics: diagnostics, openedURLs: opened))
    case let other:
      throw ProtocolError("expected a `completed` or `cancelled` reply, got a message of type “\(other)”")
    }
  }

  private static func strings(_ value: PropertyList?, _ key: String) throws(ProtocolError) -> [String] {
    guard let value else { return [] }
    guard let array = value.array, array.allSatisfy({ $0.string != nil }) else {
      throw ProtocolError("`\(key)` must be an array of strings")
    }
    return array.map { $0.string! }
  }

  // MARK: Items

  /// An item as the wire carries it.
  public static func encode(_ item: ExtensionItem) throws(ProtocolError) -> PropertyList {
    var fields: [String: PropertyList] = [:]
    if let title = item.attributedTitle { fields["attributedTitle"] = .string(title.string) }
    if let text = item.attributedContentText { fields["attributedContentText"] = .string(text.string) }
    if let attachments = item.attachments {
      fields["attachments"] = .array(try attachments.map { provider throws(ProtocolError) in
        .dictionary(["registrations": .array(try provider.registrations.map { registration throws(ProtocolError) in
          ["typeIdentifier": .string(registration.typeIdentifier), "item": try wireValue(registration.item)]
        })])
      })
    }
    if let userInfo = item.userInfo {
      var info: [String: PropertyList] = [:]
      for (key, value) in userInfo {
        guard let key = key.base as? String else { throw ProtocolError("a userInfo key is not a string: \(key)") }
        info[key] = try wireValue(value)
      }
      fields["userInfo"] = .dictionary(info)
    }
    return .dictionary(fields)
  }

  private static func wireValue(_ value: Any) throws(ProtocolError) -> PropertyList {
    switch value {
    case let plist as PropertyList: return plist
    case let url as URL: return .string(url.absoluteString)
    default:
      do {
        return try PropertyList(foundationObject: value, rootPath: "item")
      } catch {
        throw ProtocolError("an item that is not a property-list value cannot cross to another process: \(error)")
      }
    }
  }

  private static func decodeItem(_ value: PropertyList, path: String) throws(ProtocolError) -> ExtensionItem {
    guard let fields = value.dictionary else { throw ProtocolError("\(path) is a \(value.kindName), not a dictionary") }
    let item = ExtensionItem()
    item.attributedTitle = fields["attributedTitle"]?.string.map { NSAttributedString(string: $0) }
    item.attributedContentText = fields["attributedContentText"]?.string.map { NSAttributedString(string: $0) }
    if let attachments = fields["attachments"] {
      guard let list = attachments.array else { throw ProtocolError("\(path).attachments is not an array") }
      item.attachments = try list.enumerated().map { index, attachment throws(ProtocolError) in
        guard let registrations = attachment["registrations"]?.array else {
          throw ProtocolError("\(path).attachments[\(index)] has no `registrations` array")
        }
        return ItemProvider(registrations: try registrations.enumerated().map { number, registration throws(ProtocolError) in
          guard let type = registration["typeIdentifier"]?.string, let value = registration["item"] else {
            throw ProtocolError("\(path).attachments[\(index)].registrations[\(number)] needs `typeIdentifier` and `item`")
          }
          if UTType(type).conforms(to: .url), !UTType(type).conforms(to: .propertyList), let text = value.string,
            let url = URL(string: text)
          {
            return (type, url)
          }
          return (type, value)
        })
      }
    }
    if let userInfo = fields["userInfo"] {
      guard let info = userInfo.dictionary else { throw ProtocolError("\(path).userInfo is not a dictionary") }
      item.userInfo = Dictionary(uniqueKeysWithValues: info.map { (AnyHashable($0.key), $0.value.foundationObject) })
    }
    return item
  }

  // MARK: null

  /// (Computed, not a stored global: an indirect enum keeps its case in spare bits of the box pointer, which
  /// LeakSanitizer does not recognize as a pointer, so a global of it is reported as a leak.)
  private static var nullMarker: PropertyList { ["$null": true] }

  /// `value` as the wire carries it: each `.null` replaced by `{"$null": true}`.
  public static func nullsAsMarkers(_ value: PropertyList) -> PropertyList {
    switch value {
    case .null: nullMarker
    case .array(let items): .array(items.map(nullsAsMarkers))
    case .dictionary(let fields): .dictionary(fields.mapValues(nullsAsMarkers))
    default: value
    }
  }

  private static func markersAsNulls(_ value: PropertyList) -> PropertyList {
    switch value {
    case .dictionary(let fields) where fields.count == 1 && fields["$null"] == .boolean(true): .null
    case .array(let items): .array(items.map(markersAsNulls))
    case .dictionary(let fields): .dictionary(fields.mapValues(markersAsNulls))
    default: value
    }
  }
}
