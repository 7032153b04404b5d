import XCTest

@testable import TextEncodings

final class TextDecoderTests: XCTestCase {
  private func decode(_ bytes: [UInt8], _ encoding: TextEncoding) -> [UInt32] {
    encoding.decode(bytes).unicodeScalars.map(\.value)
  }

  // MARK: The decoders

  func testGB18030FourByteSequences() {
    XCTAssertEqual(decode([0x81, 0x30, 0x81, 0x30], .gb18030), [0x80])
    XCTAssertEqual(decode([0x81, 0x35, 0xF4, 0x37], .gb18030), [0xE7C7], "pointer 7457")
    XCTAssertEqual(decode([0x84, 0x31, 0xA4, 0x39], .gb18030), [0xFFFF])
    XCTAssertEqual(decode([0x90, 0x30, 0x81, 0x30], .gb18030), [0x1_0000])
    XCTAssertEqual(decode([0xE3, 0x32, 0x9A, 0x35], .gb18030), [0x10_FFFF])
    XCTAssertEqual(decode([0x84, 0x31, 0xA5, 0x30], .gb18030), [0xFFFD], "pointer 39420 maps to nothing")
    XCTAssertEqual(decode([0xE3, 0x32, 0x9A, 0x36], .gbk), [0xFFFD], "past U+10FFFF")
  }

  /// A broken four-byte sequence gives back its second and third bytes and the one that broke it.
  func testGB18030RestoresBytes() {
    // 0x81 0x30 0x81, then 0x41: error, then "0", then 0x81 0x41 (pointer 1, U+4E04).
    XCTAssertEqual(decode([0x81, 0x30, 0x81, 0x41], .gb18030), [0xFFFD, 0x30, 0x4E04])
    // 0x81 0x30, then 0x20: error, then "0" and " ".
    XCTAssertEqual(decode([0x81, 0x30, 0x20], .gb18030), [0xFFFD, 0x30, 0x20])
    // A lead byte before an ASCII byte that makes no pointer: the ASCII byte is kept.
    XCTAssertEqual(decode([0x81, 0x7F], .gb18030), [0xFFFD, 0x7F])
    XCTAssertEqual(decode([0x81], .gb18030), [0xFFFD])
    XCTAssertEqual(decode([0xFF], .gb18030), [0xFFFD])
  }

  func testBig5() {
    XCTAssertEqual(decode([0xA4, 0x40, 0xA4, 0xE5], .big5), [0x4E00, 0x6587])
    XCTAssertEqual(decode([0x88, 0x62, 0x88, 0x64, 0x88, 0xA3, 0x88, 0xA5], .big5),
                   [0xCA, 0x304, 0xCA, 0x30C, 0xEA, 0x304, 0xEA, 0x30C])
    XCTAssertEqual(decode([0x87, 0x40], .big5), [0x43F0], "HKSCS")
    XCTAssertEqual(decode([0x87, 0x45], .big5), [0x2_7267], "HKSCS in plane 2")
    XCTAssertEqual(decode([0xA1, 0x41], .big5), [0xFF0C])
    XCTAssertEqual(decode([0x80], .big5), [0xFFFD])
    XCTAssertEqual(decode([0xA1, 0x30], .big5), [0xFFFD, 0x30])
  }

  func testShiftJIS() {
    XCTAssertEqual(decode([0x93, 0xFA, 0x96, 0x7B], .shiftJIS), [0x65E5, 0x672C])
    XCTAssertEqual(decode([0x5C, 0x7E], .shiftJIS), [0x5C, 0x7E], "ASCII stays ASCII")
    XCTAssertEqual(decode([0xB1], .shiftJIS), [0xFF71], "half-width katakana")
    XCTAssertEqual(decode([0xF0, 0x40, 0xF9, 0xFC], .shiftJIS), [0xE000, 0xE757], "EUDC")
    XCTAssertEqual(decode([0x81, 0x20], .shiftJIS), [0xFFFD, 0x20])
    XCTAssertEqual(decode([0xA0, 0xFD], .shiftJIS), [0xFFFD, 0xFFFD])
  }

  func testEUCJP() {
    XCTAssertEqual(decode([0xC6, 0xFC, 0xCB, 0xDC], .eucJP), [0x65E5, 0x672C])
    XCTAssertEqual(decode([0x8E, 0xB1], .eucJP), [0xFF71])
    XCTAssertEqual(decode([0x8F, 0xB0, 0xA1], .eucJP), [0x4E02], "JIS X 0212")
    XCTAssertEqual(decode([0x8E, 0xE0], .eucJP), [0xFFFD])
    XCTAssertEqual(decode([0xA1, 0x41], .eucJP), [0xFFFD, 0x41])
  }

  func testISO2022JP() {
    let jis: [UInt8] = [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42, 0x61]
    XCTAssertEqual(decode(jis, .iso2022JP), [0x65E5, 0x672C, 0x61])
    XCTAssertEqual(decode([0x1B, 0x28, 0x4A, 0x5C, 0x7E, 0x41], .iso2022JP), [0xA5, 0x203E, 0x41], "Roman")
    XCTAssertEqual(decode([0x1B, 0x28, 0x49, 0x21, 0x5F], .iso2022JP), [0xFF61, 0xFF9F], "katakana")
    // Two escape sequences with nothing between them: the second is an error.
    XCTAssertEqual(decode([0x1B, 0x28, 0x42, 0x1B, 0x28, 0x42, 0x61], .iso2022JP), [0xFFFD, 0x61])
    // An unknown escape gives back its bytes.
    XCTAssertEqual(decode([0x1B, 0x28, 0x43, 0x61], .iso2022JP), [0xFFFD, 0x28, 0x43, 0x61])
    XCTAssertEqual(decode([0x1B, 0x28], .iso2022JP), [0xFFFD, 0x28])
    XCTAssertEqual(decode([0x1B], .iso2022JP), [0xFFFD])
    XCTAssertEqual(decode([0x0E, 0x80], .iso2022JP), [0xFFFD, 0xFFFD])
    XCTAssertEqual(decode([0x1B, 0x24, 0x42, 0x46], .iso2022JP), [0xFFFD], "a lone leading byte at the end")
    XCTAssertEqual(decode([0x1B, 0x24, 0x42, 0x46, 0x1B, 0x28, 0x42, 0x61], .iso2022JP), [0xFFFD, 0x61])
  }

  func testEUCKR() {
    XCTAssertEqual(decode([0xC7, 0xD1, 0xB1, 0xDB], .eucKR), [0xD55C, 0xAE00])
    XCTAssertEqual(decode([0x81, 0x41], .eucKR), [0xAC02], "Unified Hangul Code")
    XCTAssertEqual(decode([0xC7, 0x40], .eucKR), [0xFFFD, 0x40])
  }

  func testUTF16() {
    XCTAssertEqual(decode([0x3D, 0xD8, 0x00, 0xDE], .utf16LE), [0x1F600])
    XCTAssertEqual(decode([0xD8, 0x3D, 0xDE, 0x00], .utf16BE), [0x1F600])
    XCTAssertEqual(decode([0x00, 0xDE, 0x41, 0x00], .utf16LE), [0xFFFD, 0x41], "a lone trailing surrogate")
    XCTAssertEqual(decode([0x3D, 0xD8, 0x41, 0x00], .utf16LE), [0xFFFD, 0x41], "a leading surrogate, then not a trailing one")
    XCTAssertEqual(decode([0x3D, 0xD8], .utf16LE), [0xFFFD])
    XCTAssertEqual(decode([0x41, 0x00, 0x42], .utf16LE), [0x41, 0xFFFD], "an odd byte at the end")
  }

  func testReplacementAndUserDefined() {
    XCTAssertEqual(decode([0x41, 0x42, 0x43], .replacement), [0xFFFD])
    XCTAssertEqual(decode([], .replacement), [])
    XCTAssertEqual(decode([0x41, 0x80, 0xFF], .xUserDefined), [0x41, 0xF780, 0xF7FF])
  }

  func testSingleByteHoles() {
    XCTAssertEqual(decode([0xA1, 0xA5], .iso8859_3), [0x126, 0xFFFD])
    XCTAssertEqual(decode([0xDB], .windows874), [0xFFFD])
    XCTAssertEqual(decode([0xE0, 0x41], .iso8859_8I), [0x5D0, 0x41])
  }

  // MARK: TextDecoder behaviour

  func testBOMIsStrippedOnceForUTFEncodingsOnly() throws {
    var utf8 = TextDecoder(encoding: .utf8)
    XCTAssertEqual(try utf8.decode([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x41]), "\u{FEFF}A")
    var split = TextDecoder(encoding: .utf8)
    XCTAssertEqual(try split.decode([0xEF, 0xBB], stream: true), "")
    XCTAssertEqual(try split.decode([0xBF, 0x41], stream: true), "A")
    XCTAssertEqual(try split.decode([0xEF, 0xBB, 0xBF]), "\u{FEFF}", "only at the start of the stream")
    var kept = TextDecoder(encoding: .utf16LE, ignoreBOM: true)
    XCTAssertEqual(try kept.decode([0xFF, 0xFE, 0x41, 0x00]), "\u{FEFF}A")
    var legacy = TextDecoder(encoding: .gb18030)
    XCTAssertEqual(try legacy.decode([0xFE, 0xFF]), "\u{FFFD}", "FE FF is no BOM in gb18030")
  }

  func testFatalThrowsAndTheNextCallStartsAfresh() throws {
    var decoder = TextDecoder(encoding: .utf8, fatal: true)
    XCTAssertThrowsError(try decoder.decode([0x41, 0xFF])) { error in
      XCTAssertEqual(error as? TextDecoder.InvalidData, TextDecoder.InvalidData(encoding: .utf8))
    }
    XCTAssertEqual(try decoder.decode([0x42]), "B")
    var shiftJIS = TextDecoder(encoding: .shiftJIS, fatal: true)
    XCTAssertEqual(try shiftJIS.decode([0x93], stream: true), "")
    XCTAssertThrowsError(try shiftJIS.decode([]), "a lead byte at the end")
    XCTAssertEqual(try shiftJIS.decode([0x93, 0xFA]), "日")
  }

  /// After a fatal error in a streaming call, the bytes after the error stay queued (the I/O queue is kept).
  func testFatalStreamingKeepsTheRestOfTheQueue() throws {
    var decoder = TextDecoder(encoding: .utf16LE, fatal: true)
    XCTAssertThrowsError(try decoder.decode([0x00, 0xDC, 0x41, 0x00], stream: true))
    XCTAssertEqual(try decoder.decode([0x42, 0x00]), "AB")
  }

  /// The UTF-8 decoder's state machine replaces exactly as the standard library does (WHATWG and Unicode agree).
  func testUTF8StateMachineMatchesTheStandardLibrary() throws {
    var random = SeededRandom(seed: 1)
    let pieces: [[UInt8]] = [[0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xBF],
                             [0xC0], [0xC2], [0xE0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90], [0xF5], [0xFF], [0xE0]]
    for _ in 0..<500 {
      var bytes: [UInt8] = []
      for _ in 0..<random.next(below: 12) { bytes += pieces[random.next(below: pieces.count)] }
      var decoder = TextDecoder(encoding: .utf8, ignoreBOM: true)
      var text = ""
      for byte in bytes { text += try decoder.decode([byte], stream: true) }
      text += try decoder.decode([UInt8]())
      XCTAssertEqual(text, String(decoding: bytes, as: UTF8.self), "\(bytes)")
    }
  }

  /// Decoding in pieces gives what decoding at once gives, for every encoding.
  func testStreamingInRandomPiecesMatchesDecodingAtOnce() throws {
    var random = SeededRandom(seed: 2)
    for encoding in TextEncoding.allCases where encoding != .replacement {
      for _ in 0..<60 {
        let interesting: [UInt8] = [0x1B, 0x24, 0x28, 0x42, 0x4A, 0x49, 0x30, 0x39, 0x81, 0x8E, 0x8F, 0xA1, 0xFE, 0xD8, 0xDC]
        let bytes = (0..<random.next(below: 40)).map { _ in
          random.next(below: 2) == 0 ? interesting[random.next(below: interesting.count)] : UInt8(random.next(below: 256))
        }
        let whole = encoding.decode(bytes)
        var decoder = TextDecoder(encoding: encoding, ignoreBOM: true)
        var pieces = "", start = 0
        while start < bytes.count {
          let end = min(bytes.count, start + 1 + random.next(below: 4))
          pieces += try decoder.decode(Array(bytes[start..<end]), stream: true)
          start = end
        }
        pieces += try decoder.decode([UInt8]())
        XCTAssertEqual(pieces, whole, "\(encoding.name) \(bytes)")
      }
    }
  }
}

/// A small deterministic generator (SplitMix64), so that a failure can be reproduced.
struct SeededRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
