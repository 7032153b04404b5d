import Foundation

extension PropertyList {
  /// The index of the first object of a binary property list that is a set, or nil when there is none (or when
  /// `data` is not a well-formed binary property list, which Foundation then reports).
  ///
  /// Foundation on Linux crashes (SIGSEGV, bridging the NSSet) on any binary property list holding a set, and no
  /// Info.plist, results file, request or web archive holds one: ``decode(_:)`` and the web archive reader refuse
  /// them first. Found by Scripts/fuzz manifest, then by Scripts/fuzz formats in a web archive.
  /// The format: https://github.com/apple/swift-corelibs-foundation/blob/main/Sources/CoreFoundation/CFBinaryPList.c
  /// (a 32-byte trailer at the end gives the size of an offset, the object count and where the offset table is; each
  /// object starts with a marker byte whose high nibble is its type, 0xC for a set).
  public static func binarySetObject(in data: Data) -> Int? {
    let bytes = [UInt8](data)
    guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist".utf8)) else { return nil }
    let trailer = bytes.count - 32
    func integer(at offset: Int, size: Int) -> Int {
      bytes[offset..<offset + size].reduce(0) { $0 << 8 | Int($1) }
    }
    let offsetSize = Int(bytes[trailer + 6])
    guard (1...8).contains(offsetSize),
      bytes[trailer + 8..<trailer + 16].prefix(4).allSatisfy({ $0 == 0 }),
      bytes[trailer + 24..<trailer + 32].prefix(4).allSatisfy({ $0 == 0 })
    else { return nil }
    let count = integer(at: trailer + 8, size: 8)
    let table = integer(at: trailer + 24, size: 8)
    guard table >= 8, table <= trailer, count <= (trailer - table) / offsetSize else { return nil }
    for index in 0..<count {
      let offset = integer(at: table + index * offsetSize, size: offsetSize)
      if offset >= 8, offset < table, bytes[offset] >> 4 == 0xC { return index }
    }
    return nil
  }
}
