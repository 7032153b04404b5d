import XCTest

@testable import TextEncodings

final class TextEncoderTests: XCTestCase {
  private func encode(_ text: String, _ encoding: TextEncoding) -> [UInt8] {
    var encoder = TextEncoder(encoding: encoding)!
    return encoder.encode(text)
  }

  func testGB18030AndGBK() {
    XCTAssertEqual(encode("€", .gbk), [0x80])
    XCTAssertEqual(encode("€", .gb18030), [0xA2, 0xE3])
    XCTAssertEqual(encode("\u{10000}", .gb18030), [0x90, 0x30, 0x81, 0x30])
    XCTAssertEqual(encode("\u{E7C7}", .gb18030), [0x81, 0x35, 0xF4, 0x37])
    XCTAssertEqual(encode("\u{80}", .gb18030), [0x81, 0x30, 0x81, 0x30])
    XCTAssertEqual(encode("\u{10000}", .gbk), Array("&#65536;".utf8), "GBK has no four-byte sequences")
    XCTAssertEqual(encode("\u{E5E5}", .gb18030), Array("&#58853;".utf8), "U+E5E5 cannot round-trip")
    XCTAssertEqual(encode("\u{E78D}\u{E864}", .gb18030), [0xA6, 0xD9, 0xFE, 0xA0], "the 2005 Private Use table")
  }

  func testBig5UsesTheLastPointerForSixCodePoints() {
    XCTAssertEqual(encode("\u{2550}\u{5341}\u{5345}", .big5), [0xF9, 0xF9, 0xA4, 0x51, 0xA4, 0xCA])
    XCTAssertEqual(encode("一", .big5), [0xA4, 0x40])
    // HKSCS pointers below lead byte 0xA1 are never written.
    XCTAssertEqual(encode("\u{43F0}", .big5), Array("&#17392;".utf8))
  }

  func testJapanese() {
    XCTAssertEqual(encode("日本\u{A5}\u{203E}\u{FF71}\u{2212}", .shiftJIS), [0x93, 0xFA, 0x96, 0x7B, 0x5C, 0x7E, 0xB1, 0x81, 0x7C])
    XCTAssertEqual(encode("\u{E000}", .shiftJIS), Array("&#57344;".utf8), "EUDC does not encode")
    XCTAssertEqual(encode("日\u{FF71}\u{2212}\u{A5}", .eucJP), [0xC6, 0xFC, 0x8E, 0xB1, 0xA1, 0xDD, 0x5C])
    XCTAssertEqual(encode("\u{4E02}", .eucJP), Array("&#19970;".utf8), "no JIS X 0212 in the encoder")
  }

  func testISO2022JP() {
    // The standard's example: U+00A5 switches to Roman and back.
    XCTAssertEqual(encode("\u{A5}", .iso2022JP), [0x1B, 0x28, 0x4A, 0x5C, 0x1B, 0x28, 0x42])
    XCTAssertEqual(encode("日本a", .iso2022JP), [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42, 0x61])
    XCTAssertEqual(encode("\u{FF71}", .iso2022JP), [0x1B, 0x24, 0x42, 0x25, 0x22, 0x1B, 0x28, 0x42], "katakana → full width")
    XCTAssertEqual(encode("\u{0E}", .iso2022JP), Array("&#65533;".utf8), "shift and escape bytes are never written")
    // An unmappable code point in the jis0208 state: back to ASCII first, then the error.
    XCTAssertEqual(encode("日é", .iso2022JP), [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x1B, 0x28, 0x42] + Array("&#233;".utf8))
    XCTAssertEqual(encode("\u{A5}é", .iso2022JP), [0x1B, 0x28, 0x4A, 0x5C] + Array("&#233;".utf8) + [0x1B, 0x28, 0x42])
  }

  func testEUCKRAndSingleByteAndUserDefined() {
    XCTAssertEqual(encode("가\u{AC02}", .eucKR), [0xB0, 0xA1, 0x81, 0x41])
    XCTAssertEqual(encode("€", .windows1252), [0x80])
    XCTAssertEqual(encode("\u{81}", .windows1252), [0x81])
    XCTAssertEqual(encode("ą€", .iso8859_2), Array("\u{B1}&#8364;".unicodeScalars.map { UInt8($0.value) }))
    XCTAssertEqual(encode("a\u{F780}\u{F7FF}", .xUserDefined), [0x61, 0x80, 0xFF])
    XCTAssertEqual(encode("\u{80}", .xUserDefined), Array("&#128;".utf8))
  }

  func testUTF8AndOutputEncoding() {
    XCTAssertEqual(encode("é😀", .utf8), [0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80])
    XCTAssertEqual(TextEncoding.utf16LE.encode("é"), [0xC3, 0xA9], "UTF-16 documents submit UTF-8")
    XCTAssertEqual(TextEncoding.shiftJIS.encode("日"), [0x93, 0xFA])
  }

  /// "encode or fail": the caller sees each unmappable code point and writes its own replacement (URLs).
  func testCustomErrorHandling() {
    var encoder = TextEncoder(encoding: .windows1251)!
    var output: [UInt8] = []
    encoder.encode("Жé", into: &output) { codePoint, output in output += Array("%26%23\(codePoint)%3B".utf8) }
    XCTAssertEqual(output, [0xC6] + Array("%26%23233%3B".utf8))
    struct Unmappable: Error, Equatable { let codePoint: UInt32 }
    var fatal = TextEncoder(encoding: .eucKR)!
    var ignored: [UInt8] = []
    XCTAssertThrowsError(try fatal.encode("가😀", into: &ignored) { (codePoint, _) throws(Unmappable) in
      throw Unmappable(codePoint: codePoint)
    }) { XCTAssertEqual($0 as? Unmappable, Unmappable(codePoint: 0x1F600)) }
  }

  /// Every code point of every index encodes to bytes that decode back to it.
  func testEveryIndexCodePointRoundTrips() {
    func wide(_ table: [UInt16]) -> [UInt32] { table.map(UInt32.init) }
    let big5: [UInt32] = Array(Indexes.big5[((0xA1 - 0x81) * 157)...])
    var tables: [(TextEncoding, [UInt32])] = [
      (.gb18030, wide(Indexes.gb18030)), (.gbk, wide(Indexes.gb18030)), (.big5, big5),
      (.shiftJIS, wide(Indexes.jis0208)), (.eucJP, wide(Indexes.jis0208)), (.iso2022JP, wide(Indexes.jis0208)),
      (.eucKR, wide(Indexes.eucKR)),
    ]
    for (encoding, table) in Indexes.singleByte { tables.append((encoding, wide(table))) }
    for (encoding, codePoints) in tables {
      var failures: [UInt32] = []
      for codePoint in Set(codePoints) where codePoint != 0 && !(encoding == .gb18030 && codePoint == 0xE5E5) {
        let scalar = Unicode.Scalar(codePoint)!
        var encoder = TextEncoder(encoding: encoding)!
        var bytes: [UInt8] = []
        if encoder.encode(scalar, into: &bytes) != nil { failures.append(codePoint); continue }
        encoder.finish(into: &bytes)
        if encoding.decode(bytes).unicodeScalars.map(\.value) != [codePoint] { failures.append(codePoint) }
      }
      XCTAssertEqual(failures, [], encoding.name)
    }
  }

  /// gb18030 covers all of Unicode: scalar values round-trip (four-byte ranges included): all of the BMP, and
  /// every 17th above it with the last. U+E5E5 and the encoder's Private Use table are one-way by definition.
  func testGB18030RoundTripsScalarValues() {
    var failures: [UInt32] = []
    let values = Array(UInt32(0x80)...0xFFFF) + Array(stride(from: UInt32(0x1_0000), through: 0x10_FFFF, by: 17)) + [0x10_FFFF]
    let oneWay = Set(TextEncoder.gb18030PrivateUse.keys).union([0xE5E5])
    for value in values where !(0xD800...0xDFFF).contains(value) && !oneWay.contains(value) {
      var encoder = TextEncoder(encoding: .gb18030)!
      var bytes: [UInt8] = []
      guard encoder.encode(Unicode.Scalar(value)!, into: &bytes) == nil else {
        failures.append(value)
        continue
      }
      let back = TextEncoding.gb18030.decode(bytes).unicodeScalars
      if back.count != 1 || back.first!.value != value { failures.append(value) }
      if failures.count > 10 { break }
    }
    XCTAssertEqual(failures, [])
  }
}
