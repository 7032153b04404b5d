/// Why a selector string is not a valid selector, and where.
public struct SelectorParseError: Error, CustomStringConvertible, Equatable {
  /// What went wrong and where, such as `unexpected ')' at 7`.
  public let message: String
  /// Where the problem starts, in UTF-16 code units from the start of the selector text.
  public let offset: Int

  init(_ problem: String, at offset: Int) {
    self.message = "\(problem) at \(offset)"
    self.offset = offset
  }

  public var description: String { message }
}
