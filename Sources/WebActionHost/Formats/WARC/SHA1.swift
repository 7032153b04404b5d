/// SHA-1 (FIPS 180-4 §6.1), for the `sha1:` digests WARC records carry (`WARC-Block-Digest`, `WARC-Payload-Digest`).
///
/// Written here, small, because Foundation has none on Linux and swift-crypto (BoringSSL) would add about 1¾ minutes
/// to each clean build. Not for security: WARC uses it to detect damage and duplicates.
enum SHA1 {
  /// The 20-byte digest of `bytes`.
  static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
    // Step 1 (§5.1.1): pad with 1, zeros, and the length in bits, to a multiple of 64 bytes.
    var message = bytes
    message.append(0x80)
    message += [UInt8](repeating: 0, count: (56 - message.count % 64 + 64) % 64)
    let bits = UInt64(bytes.count) &* 8
    message += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) }
    var w = [UInt32](repeating: 0, count: 80)
    for chunk in stride(from: 0, to: message.count, by: 64) {
      // Step 2 (§6.1.2): the message schedule.
      for t in 0..<16 {
        let i = chunk + 4 * t
        w[t] = message[i..<(i + 4)].reduce(0) { $0 << 8 | UInt32($1) }
      }
      for t in 16..<80 { w[t] = rotate(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
      // Steps 3 and 4: eighty rounds, then add into the hash.
      var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
      for t in 0..<80 {
        let (f, k): (UInt32, UInt32)
        switch t {
        case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[t]
        (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
      }
      for (index, value) in [a, b, c, d, e].enumerated() { h[index] &+= value }
    }
    return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) } }
  }

  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { value << count | value >> (32 - count) }

  /// The digest as WARC writers label it: `sha1:` and its base32 (RFC 4648 §6, 32 characters for 20 bytes).
  static func warcDigest(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    var text = "sha1:"
    var buffer: UInt32 = 0
    var bitCount = 0
    for byte in digest(bytes) {
      buffer = buffer << 8 | UInt32(byte)
      bitCount += 8
      while bitCount >= 5 {
        text.append(alphabet[Int(buffer >> UInt32(bitCount - 5) & 31)])
        bitCount -= 5
      }
    }
    return text
  }
}
