import JSBridge

/// The JS `TextEncoder` (UTF-8 only, no state).
final class TextEncoderObject: ScriptExposed {
  static var scriptInterface: AnyInterface { DOMInterfaces.textEncoder.erased }
}

extension DOMInterfaces {
  /// https://encoding.spec.whatwg.org/#interface-textencoder
  static let textEncoder = Interface<TextEncoderObject>("TextEncoder") { b in
    b.constructor { _ in TextEncoderObject() }
    b.getter("encoding") { _ in "utf-8" }
    // The argument converts as a USVString: lone surrogates are U+FFFD by then.
    b.method("encode") { _, args in
      args.context.makeUint8Array(bytes: Array((try args.optionalString(0) ?? "").utf8))
    }
    b.method("encodeInto", length: 2) { _, args in
      let source = try args.string(0)
      guard args.count > 1 else { throw ScriptError.typeError("\(args.callee): 2 arguments required, but only 1 present.") }
      // https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto
      let progress = args.value(1).withUint8ArrayBytes { destination -> (read: Int, written: Int) in
        var read = 0, written = 0
        for scalar in source.unicodeScalars {
          let utf8 = UTF8.encode(scalar)!
          guard destination.count - written >= utf8.count else { break }
          for byte in utf8 {
            destination[written] = byte
            written += 1
          }
          read += scalar.value > 0xFFFF ? 2 : 1
        }
        return (read, written)
      }
      guard let progress else { throw ScriptError.typeError("\(args.callee): argument 2 is not a Uint8Array.") }
      return ScriptRecord([("read", progress.read), ("written", progress.written)])
    }
  }
}
