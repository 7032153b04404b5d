import JSBridge
import TextEncodings

/// The JS `TextDecoder`: a TextEncodings decoder with the state that streaming calls share.
final class TextDecoderObject: ScriptExposed {
  var decoder: TextDecoder
  init(_ decoder: TextDecoder) { self.decoder = decoder }
  static var scriptInterface: AnyInterface { DOMInterfaces.textDecoder.erased }
}

extension DOMInterfaces {
  /// https://encoding.spec.whatwg.org/#interface-textdecoder
  static let textDecoder = Interface<TextDecoderObject>("TextDecoder") { b in
    b.constructor { args in
      // Steps 1-2.
      let label = try args.optionalString(0) ?? "utf-8"
      guard let encoding = TextEncoding(label: label), encoding != .replacement else {
        throw ScriptError.rangeError("TextDecoder constructor: the encoding label \"\(label)\" is not supported.")
      }
      // Steps 3-5.
      let options = try DictionaryArgument(args.value(1), callee: "TextDecoder constructor", argument: 2)
      return TextDecoderObject(
        TextDecoder(encoding: encoding, fatal: try options.bool("fatal"), ignoreBOM: try options.bool("ignoreBOM")))
    }
    // https://encoding.spec.whatwg.org/#interface-mixin-textdecodercommon
    b.getter("encoding") { $0.decoder.encoding.name.lowercased() }
    b.getter("fatal") { $0.decoder.fatal }
    b.getter("ignoreBOM") { $0.decoder.ignoreBOM }
    b.method("decode") { object, args in
      var bytes: [UInt8] = []
      if args.isPresent(0) {
        guard let buffer = args.value(0).typedArrayBytes else {
          throw ScriptError.typeError("\(args.callee): argument 1 is not an ArrayBuffer, a typed array or a DataView.")
        }
        bytes = buffer
      }
      let stream = try DictionaryArgument(args.value(1), callee: args.callee, argument: 2).bool("stream")
      do {
        return try object.decoder.decode(bytes, stream: stream)
      } catch {
        throw ScriptError.typeError("\(args.callee): \(error)")
      }
    }
  }
}

/// A WebIDL dictionary argument: `undefined` and `null` are the empty dictionary, other primitives a TypeError.
struct DictionaryArgument {
  let value: ScriptValue

  init(_ value: ScriptValue, callee: String, argument: Int) throws(ScriptError) {
    guard value.isUndefined || value.isNull || value.isObject else {
      throw .typeError("\(callee): argument \(argument) is not an object.")
    }
    self.value = value
  }

  /// A `boolean` member defaulting to false.
  func bool(_ name: String) throws(ScriptError) -> Bool {
    value.isObject ? try value.property(name).toBool() : false
  }
}
