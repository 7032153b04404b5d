/// What a decoder's handler returns for one byte or for the end of the queue.
///
/// https://encoding.spec.whatwg.org/#handler: finished, one or more items, error, or continue.
enum DecoderStep: Equatable {
  case scalar(UInt32)
  /// Big5's four pointers that decode to two code points.
  case pair(UInt32, UInt32)
  case `continue`
  case error
  case finished
}

/// One encoding's decoder with its state: the handler algorithm of https://encoding.spec.whatwg.org/#decoder.
///
/// A handler that restores bytes to the I/O queue pushes them onto `restored`; they are read again, in order,
/// before the rest of the input.
protocol ByteDecoder {
  /// Whether an ASCII byte other than 0x0E, 0x0F and 0x1B now decodes to itself and leaves the state as it is: the
  /// run loop then copies runs of such bytes (most of a page's markup) without calling the handler.
  var passesASCIIThrough: Bool { get }
  mutating func handle(_ byte: UInt8, restoring restored: inout RestoredBytes) -> DecoderStep
  /// The handler given end-of-queue.
  mutating func handleEnd(restoring restored: inout RestoredBytes) -> DecoderStep
  /// Runs the handler over `input`, then end-of-queue unless `stream` (a requirement, so that each decoder gets a
  /// copy of the loop specialized for it).
  mutating func run(_ input: UnsafeBufferPointer<UInt8>, stream: Bool, fatal: Bool, into sink: inout UTF8Sink)
    -> DecoderRunEnd
}

/// Bytes a handler put back at the front of the I/O queue, without allocating.
///
/// At most three are ever waiting: gb18030 restores three, and what it restores can never lead to another restore
/// before all three are read again.
struct RestoredBytes {
  /// The bytes in reverse order: the next one to read is at `count - 1`.
  private var storage: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
  private(set) var count = 0

  /// https://encoding.spec.whatwg.org/#i-o-queue-restore: `byte` is read next.
  mutating func restore(_ byte: UInt8) { push(byte) }

  /// `first` then `second` are read next.
  mutating func restore(_ first: UInt8, _ second: UInt8) {
    push(second)
    push(first)
  }

  /// `first`, `second`, then `third` are read next.
  mutating func restore(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
    push(third)
    push(second)
    push(first)
  }

  @inline(__always)
  mutating func next() -> UInt8? {
    guard count > 0 else { return nil }
    count -= 1
    return withUnsafeBytes(of: storage) { $0[count] }
  }

  /// The bytes waiting, in the order they will be read.
  var waiting: [UInt8] { withUnsafeBytes(of: storage) { Array($0[0..<count].reversed()) } }

  private mutating func push(_ byte: UInt8) {
    precondition(count < 4, "more restored bytes than any decoder restores")
    let index = count
    withUnsafeMutableBytes(of: &storage) { $0[index] = byte }
    count += 1
  }
}

/// The decoder's output as UTF-8.
struct UTF8Sink {
  var bytes: [UInt8] = []

  @inline(__always)
  mutating func append(_ codePoint: UInt32) {
    switch codePoint {
    case 0..<0x80:
      bytes.append(UInt8(codePoint))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | codePoint >> 6))
      bytes.append(UInt8(0x80 | codePoint & 0x3F))
    case 0x800..<0x1_0000:
      bytes.append(UInt8(0xE0 | codePoint >> 12))
      bytes.append(UInt8(0x80 | codePoint >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | codePoint & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | codePoint >> 18))
      bytes.append(UInt8(0x80 | codePoint >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | codePoint >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | codePoint & 0x3F))
    }
  }

  var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// How a run of the decoder ended.
enum DecoderRunEnd {
  /// The input is used up (streaming) or the decoder returned finished.
  case done
  /// An error in fatal mode; `unread` are the bytes after it, still in the I/O queue.
  case error(unread: [UInt8])
}

extension ByteDecoder {
  /// Runs the handler over `input` (then end-of-queue unless `stream`): the loop of
  /// https://encoding.spec.whatwg.org/#dom-textdecoder-decode from step 5, with "process an item".
  mutating func run(_ input: UnsafeBufferPointer<UInt8>, stream: Bool, fatal: Bool, into sink: inout UTF8Sink)
    -> DecoderRunEnd
  {
    var restored = RestoredBytes()
    var index = 0
    while true {
      let step: DecoderStep
      if let byte = restored.next() {
        step = handle(byte, restoring: &restored)
      } else if index < input.count {
        let byte = input[index]
        if byte < 0x80 && byte != 0x1B && byte != 0x0E && byte != 0x0F && passesASCIIThrough {
          let start = index
          index += 1
          while index < input.count, input[index] < 0x80, input[index] != 0x1B, input[index] != 0x0E,
            input[index] != 0x0F
          {
            index += 1
          }
          sink.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
          continue
        }
        index += 1
        step = handle(byte, restoring: &restored)
      } else if stream {
        return .done
      } else {
        step = handleEnd(restoring: &restored)
      }
      switch step {
      case .scalar(let codePoint): sink.append(codePoint)
      case .pair(let first, let second):
        sink.append(first)
        sink.append(second)
      case .continue: break
      case .error:
        if fatal {
          return .error(unread: restored.waiting + UnsafeBufferPointer(rebasing: input[index...]))
        }
        sink.append(0xFFFD)
      case .finished: return .done
      }
    }
  }
}
