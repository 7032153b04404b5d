import Glibc

/// A fixed table from tag names to values, for lookups made for every element (the tree builder's "in body" rule and
/// flags of a tag, the serializer's void and raw-text elements): a name of up to eight bytes, nearly every tag, is
/// packed into one word and found by a multiplicative hash and a linear probe, with no String hashing (SipHash was a
/// tenth of parsing, four lookups an element). Longer names go to a dictionary.
struct TagTable<Value>: @unchecked Sendable {
  /// Packed names (0: empty slot) and their values, in slots of a power-of-two table at most a quarter full.
  private let keys: [UInt64]
  private let values: [Value?]
  private let shift: UInt64
  private let long: [String: Value]
  /// The length in bytes of the longest name in `long` (0 when it is empty).
  private let longest: Int

  init(_ entries: [String: Value]) {
    var size = 16
    while size < entries.count * 4 { size *= 2 }
    var keys = [UInt64](repeating: 0, count: size)
    var values = [Value?](repeating: nil, count: size)
    var long: [String: Value] = [:]
    let shift = UInt64(64 - size.trailingZeroBitCount)
    for (name, value) in entries {
      guard let packed = Self.pack(name) else {
        long[name] = value
        continue
      }
      var slot = Self.slot(packed, shift)
      while keys[slot] != 0 { slot = (slot + 1) & (size - 1) }
      keys[slot] = packed
      values[slot] = value
    }
    self.keys = keys
    self.values = values
    self.shift = shift
    self.long = long
    self.longest = long.keys.map(\.utf8.count).max() ?? 0
  }

  subscript(name: String) -> Value? {
    guard let packed = Self.pack(name) else { return long.isEmpty ? nil : long[name] }
    return value(packed: packed)
  }

  /// The value for a NUL-terminated name read in place (a String is made only for a name longer than eight bytes
  /// and no longer than the longest such name in the table).
  subscript(cString name: UnsafePointer<UInt8>) -> Value? {
    let count = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
    let bytes = UnsafeBufferPointer(start: name, count: count)
    if let packed = Self.pack(bytes) { return value(packed: packed) }
    guard bytes.count > 8, bytes.count <= longest else { return nil }
    return long[String(decoding: bytes, as: UTF8.self)]
  }

  private func value(packed: UInt64) -> Value? {
    var slot = Self.slot(packed, shift)
    while true {
      let key = keys[slot]
      if key == packed { return values[slot] }
      if key == 0 { return nil }
      slot = (slot + 1) & (keys.count - 1)
    }
  }

  /// The name's bytes in one word, or nil for an empty name, one longer than eight bytes or one holding a NUL (which
  /// would pack as a shorter name).
  private static func pack(_ name: String) -> UInt64? {
    // The bytes in place (a small string's are copied to the stack): iterating the UTF-8 view cost more than the probe.
    name.utf8.withContiguousStorageIfAvailable(pack) ?? pack(Array(name.utf8))
  }

  private static func pack<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> UInt64? where Bytes.Index == Int {
    guard !bytes.isEmpty, bytes.count <= 8 else { return nil }
    var packed: UInt64 = 0
    for index in 0..<bytes.count {
      let byte = bytes[bytes.startIndex + index]
      if byte == 0 { return nil }
      packed |= UInt64(byte) << (8 * UInt64(index))
    }
    return packed
  }

  private static func slot(_ packed: UInt64, _ shift: UInt64) -> Int {
    Int(truncatingIfNeeded: (packed &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }
}
