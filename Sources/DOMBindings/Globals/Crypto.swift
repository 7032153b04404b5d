import DOM
import JSBridge

/// `window.crypto`: random numbers from the system's cryptographically secure generator.
///
/// https://w3c.github.io/webcrypto/#crypto-interface. `subtle` (SubtleCrypto) is not provided.
final class Crypto: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.crypto.erased }
  /// The most bytes one `getRandomValues` call fills.
  static let quota = 65536

  /// https://w3c.github.io/webcrypto/#Crypto-method-getRandomValues
  func getRandomValues(_ array: ScriptValue) throws -> ScriptValue {
    let prefix = "Failed to execute 'getRandomValues' on 'Crypto': "
    guard let kind = array.arrayBufferViewKind else {
      throw ScriptError.typeError(prefix + "parameter 1 is not of type 'ArrayBufferView'.")
    }
    // Step 1.
    guard kind.isInteger else {
      let type = kind == .dataView ? "DataView" : String(kind.name.dropLast(5))
      throw DOMException(.typeMismatchError, prefix + "The provided ArrayBufferView is of type '\(type)', which is not an integer array type.")
    }
    // Step 2.
    let count = array.withTypedArrayBytes { $0.count } ?? 0
    guard count <= Self.quota else {
      throw DOMException(.quotaExceededError, prefix + "The ArrayBufferView's byte length (\(count)) exceeds the number of bytes of entropy available via this API (\(Self.quota)).")
    }
    // Step 3. Overwrite every element with random bytes.
    array.withTypedArrayBytes { bytes in
      var generator = SystemRandomNumberGenerator()
      for i in bytes.indices { bytes[i] = generator.next() }
    }
    return array
  }

  /// A version 4 UUID in lowercase hex (https://w3c.github.io/webcrypto/#Crypto-method-randomUUID).
  func randomUUID() -> String {
    var generator = SystemRandomNumberGenerator()
    var bytes = (0..<16).map { _ -> UInt8 in generator.next() }
    bytes[6] = bytes[6] & 0x0F | 0x40
    bytes[8] = bytes[8] & 0x3F | 0x80
    let hex = bytes.map { String($0, radix: 16).leftPadded(to: 2) }
    return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]].map { $0.joined() }.joined(separator: "-")
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

extension DOMInterfaces {
  static let crypto = Interface<Crypto>("Crypto") { b in
    b.method("getRandomValues", length: 1) { crypto, args in try crypto.getRandomValues(args.value(0)) }
    b.method("randomUUID") { crypto, _ in crypto.randomUUID() }
  }
}
