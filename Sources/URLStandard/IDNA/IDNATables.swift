/// The Unicode data UTS #46 processing needs, parsed once from the generated sources.
final class IDNATables: Sendable {
  /// A row's status in the mapping table (https://www.unicode.org/reports/tr46/#Table_Data_File_Fields).
  enum Status: UInt8, Sendable { case valid, mapped, deviation, ignored, disallowed }

  static let shared = IDNATables()

  let mappingStarts: [UInt32]
  let mappingStatuses: [Status]
  let mappings: [[Unicode.Scalar]]
  let bidiRanges: RangeTable
  let joiningRanges: RangeTable

  /// Ranges of code points with a class (`AL`, `NSM`, `D`...); lookups binary-search the starts.
  struct RangeTable: Sendable {
    var starts: [UInt32] = [], ends: [UInt32] = [], values: [String] = []

    init(_ source: String) {
      for line in source.split(separator: "\n") {
        let fields = line.split(separator: " ")
        starts.append(UInt32(fields[0], radix: 16)!)
        ends.append(UInt32(fields[1], radix: 16)!)
        values.append(String(fields[2]))
      }
    }

    /// The class of `c`, or nil when no range holds it.
    func value(_ c: Unicode.Scalar) -> String? {
      let index = IDNATables.lastIndex(in: starts, notAbove: c.value)
      guard index >= 0, c.value <= ends[index] else { return nil }
      return values[index]
    }
  }

  private init() {
    var starts: [UInt32] = [], statuses: [Status] = [], mappings: [[Unicode.Scalar]] = []
    for line in idnaMappingSource.split(separator: "\n") {
      let fields = line.split(separator: " ")
      starts.append(UInt32(fields[0], radix: 16)!)
      switch fields[1] {
      case "V": statuses.append(.valid)
      case "M": statuses.append(.mapped)
      case "D": statuses.append(.deviation)
      case "I": statuses.append(.ignored)
      default: statuses.append(.disallowed)
      }
      mappings.append(fields.count > 2 ? fields[2].split(separator: ",").map { Unicode.Scalar(UInt32($0, radix: 16)!)! } : [])
    }
    mappingStarts = starts
    mappingStatuses = statuses
    self.mappings = mappings
    bidiRanges = RangeTable(bidiClassSource)
    joiningRanges = RangeTable(joiningTypeSource)
  }

  /// The index of the last element of sorted `starts` that is at most `value` (-1 when none).
  static func lastIndex(in starts: [UInt32], notAbove value: UInt32) -> Int {
    var low = 0, high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] <= value { low = mid + 1 } else { high = mid }
    }
    return low - 1
  }

  /// The mapping table's status of `c`, and its mapping when mapped.
  func lookup(_ c: Unicode.Scalar) -> (Status, [Unicode.Scalar]) {
    let index = Self.lastIndex(in: mappingStarts, notAbove: c.value)
    return (mappingStatuses[index], mappings[index])
  }

  /// The Bidi_Class of `c` (`L` when not listed).
  func bidiClass(_ c: Unicode.Scalar) -> String { bidiRanges.value(c) ?? "L" }

  /// The Joining_Type of `c` (`U` when not listed).
  func joiningType(_ c: Unicode.Scalar) -> String { joiningRanges.value(c) ?? "U" }
}
