import DOMBindings
import XCTest

/// TextDecoder and TextEncoder as scripts see them (the decoders themselves are tested in TextEncodingsTests).
final class TextEncodingBindingTests: BindingTestCase {
  func testTextDecoderLabelsAndOptions() throws {
    XCTAssertEqual(try string("""
      [new TextDecoder().encoding, new TextDecoder(' Latin1 ').encoding, new TextDecoder('sjis').encoding,
       new TextDecoder(undefined, {fatal: true}).fatal, new TextDecoder('utf-16', {ignoreBOM: 1}).ignoreBOM,
       new TextDecoder('gbk', null).fatal].join()
      """), "utf-8,windows-1252,shift_jis,true,true,false")
    XCTAssertEqual(try string("""
      ['utf-7', 'replacement', 'iso-2022-kr', null].map(l => { try { new TextDecoder(l); return 'ok' } catch (e) { return e.name } }).join()
      """), "RangeError,RangeError,RangeError,RangeError")
    XCTAssertEqual(thrown("new TextDecoder('utf-8', 5)")?.name, "TypeError")
    XCTAssertEqual(thrown("TextDecoder.prototype.decode.call({})")?.message, "Illegal invocation")
  }

  func testDecodeBufferSourcesAndLegacyEncodings() throws {
    XCTAssertEqual(try string("""
      const bytes = new Uint8Array([0xC4, 0xE3, 0xBA, 0xC3, 0x80]);
      const gbk = new TextDecoder('gbk');
      [gbk.decode(bytes), gbk.decode(bytes.buffer), gbk.decode(new DataView(bytes.buffer, 2)),
       gbk.decode(new Uint16Array(bytes.buffer.slice(0, 4))), gbk.decode(), new TextDecoder().decode(undefined, {})].join('|')
      """), "你好€|你好€|好€|你好||")
    XCTAssertEqual(thrown("new TextDecoder().decode([0x41])")?.name, "TypeError")
    XCTAssertEqual(thrown("new TextDecoder().decode(new Uint8Array(1), 1)")?.name, "TypeError")
  }

  func testStreamingFatalAndBOM() throws {
    XCTAssertEqual(try string("""
      const d = new TextDecoder('shift_jis');
      [d.decode(new Uint8Array([0x93]), {stream: true}), d.decode(new Uint8Array([0xFA]), {stream: true}), d.decode(new Uint8Array([0x93]))].join('|')
      """), "|日|\u{FFFD}")
    XCTAssertEqual(try string("""
      const f = new TextDecoder('utf-8', {fatal: true});
      let message; try { f.decode(new Uint8Array([0xFF])) } catch (e) { message = e.name + ': ' + e.message }
      [message, f.decode(new Uint8Array([0xEF, 0xBB, 0xBF, 0x41]))].join('|')
      """), "TypeError: TextDecoder.decode: The encoded data was not valid UTF-8.|A")
  }

  func testTextEncoder() throws {
    XCTAssertEqual(try string("""
      const e = new TextEncoder();
      [e.encoding, e.encode().length, Array.from(e.encode('é\\uD800')).join(' '), e.encode('a') instanceof Uint8Array,
       e.encode('a') !== e.encode('a')].join()
      """), "utf-8,0,195 169 239 191 189,true,true")
    XCTAssertEqual(try string("""
      const buffer = new Uint8Array(8).fill(0x2A); const view = new Uint8Array(buffer.buffer, 2, 4);
      const { read, written } = new TextEncoder().encodeInto('a\\u{1F600}b', view);
      [read, written, Array.from(buffer).join(' '), JSON.stringify(new TextEncoder().encodeInto('', view))].join('|')
      """), "1|1|42 42 97 42 42 42 42 42|{\"read\":0,\"written\":0}")
    XCTAssertEqual(try string("""
      const big = new Uint8Array(6); const r = new TextEncoder().encodeInto('a\\u{1F600}b', big);
      [r.read, r.written, Array.from(big).join(' ')].join('|')
      """), "4|6|97 240 159 152 128 98")
    XCTAssertEqual(try string("""
      [new DataView(new ArrayBuffer(2)), new Int8Array(2), new ArrayBuffer(2), 'x'].map(d => {
        try { new TextEncoder().encodeInto('a', d); return 'ok' } catch (e) { return e.name } }).join()
      """), "TypeError,TypeError,TypeError,TypeError")
  }
}
