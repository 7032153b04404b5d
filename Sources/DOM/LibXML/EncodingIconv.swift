import CLibXML2
import Glibc

/// Decodes bytes to UTF-8 text with iconv, turning every invalid or truncated sequence into U+FFFD.
enum IconvDecoder {
  /// The decoded text, or nil when iconv knows none of `candidates` (iconv encoding names, tried in order).
  static func decode(_ bytes: ArraySlice<UInt8>, candidates: [String]) -> String? {
    guard let cd = open(candidates) else { return nil }
    defer { iconv_close(cd) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 2 + 16)
    var chunk = [UInt8](repeating: 0, count: max(256, min(bytes.count * 4 + 16, 1 << 20)))
    var input = Array(bytes)
    input.withUnsafeMutableBufferPointer { inputBuffer in
      var inPtr: UnsafeMutablePointer<CChar>? = inputBuffer.baseAddress.map {
        UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self)
      }
      var inLeft = inputBuffer.count
      chunk.withUnsafeMutableBufferPointer { chunkBuffer in
        let chunkStart = UnsafeMutableRawPointer(chunkBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
        func drain(_ outPtr: UnsafeMutablePointer<CChar>?) {
          let produced = (outPtr ?? chunkStart) - chunkStart
          output.append(contentsOf: UnsafeBufferPointer(start: chunkBuffer.baseAddress!, count: produced))
        }
        while true {
          var outPtr: UnsafeMutablePointer<CChar>? = chunkStart
          var outLeft = chunkBuffer.count
          // A nil input flushes a stateful decoder (ISO-2022-JP) once the input is used up.
          let result = inLeft > 0 ? iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft) : iconv(cd, nil, nil, &outPtr, &outLeft)
          let failure = result == -1 ? errno : 0
          drain(outPtr)
          if failure == E2BIG { continue }
          if failure == EILSEQ {
            // Invalid sequence: one U+FFFD, then resume at the next byte.
            output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            inPtr = inPtr! + 1
            inLeft -= 1
            continue
          }
          if failure == EINVAL {
            // Truncated sequence at the end of the input.
            output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            inLeft = 0
            continue
          }
          if inLeft == 0 && result != -1 {
            // Flush once more for stateful encodings, then stop.
            var flushPtr: UnsafeMutablePointer<CChar>? = chunkStart
            var flushLeft = chunkBuffer.count
            _ = iconv(cd, nil, nil, &flushPtr, &flushLeft)
            drain(flushPtr)
            break
          }
        }
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func open(_ candidates: [String]) -> iconv_t? {
    for name in candidates {
      let cd = iconv_open("UTF-8", name)
      if let cd, Int(bitPattern: cd) != -1 { return cd }
    }
    return nil
  }
}
